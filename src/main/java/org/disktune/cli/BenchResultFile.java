package org.disktune.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.disktune.bench.BenchResult;
import org.disktune.core.DisktuneException;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * TEMPORARY: reads a stored benchmark result (a BenchResult as JSON, snake_case like every JSON disktune writes) from a
 * file the user named, until the result store ({@code BenchStore(host).load(idOrFile)}) is merged and replaces this
 * class. Unknown fields are ignored, so that results with fields added later still plot.
 */
final class BenchResultFile {
    static final ObjectMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private BenchResultFile() {
    }

    static BenchResult load(Path file, String argument) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw DisktuneException.usage(argument + ": no such file; give the path of a stored benchmark result (a JSON file)");
        } catch (IOException e) {
            throw DisktuneException.environment(argument + ": cannot read it (" + e.getMessage() + "); check its permissions");
        }
        try {
            BenchResult result = JSON.readValue(bytes, BenchResult.class);
            if (result == null || result.workloads() == null || result.workloads().isEmpty()) {
                throw DisktuneException.usage(argument + " holds no workloads; give a stored benchmark result");
            }
            return result;
        } catch (JacksonException e) {
            String reason = e.getOriginalMessage() == null ? "malformed" : e.getOriginalMessage().lines().findFirst().orElse("malformed");
            throw DisktuneException.usage(argument + " is not a benchmark result (" + reason + "); give a result JSON file "
                    + "written by disktune bench");
        } catch (IOException e) {
            throw DisktuneException.environment(argument + ": cannot read it (" + e.getMessage() + ")");
        }
    }
}
