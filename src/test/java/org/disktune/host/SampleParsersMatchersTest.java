package org.disktune.host;

import java.util.List;

import org.disktune.testing.RegexOracle;
import org.junit.jupiter.api.Test;

/** The sample files' matchers against the regexes they replaced (a sample's start loads no java.util.regex). */
class SampleParsersMatchersTest {
    @Test
    void pathsAsTheRegexReadThem() {
        RegexOracle.sameAnswers("(/[^/\\s]+)+", MachineFileParser::isPath, "/////sab.-_", 12, 60_000);
        RegexOracle.sameAnswers(java.util.regex.Pattern.compile("(/[^/\\s]+)+"), MachineFileParser::isPath,
                RegexOracle.pieces(List.of("/sys", "/block", "/sda", "/", "/.", "/..", "x", " ", "\t", "\u000b", "\u001c"), 8, 30_000));
    }

    @Test
    void heredocTagsAsTheRegexReadThem() {
        RegexOracle.sameAnswers("[A-Za-z0-9_]+", MachineFileParser::isTag, "EOFaz09_Z-", 6, 40_000);
    }

    @Test
    void sampleNamesAsTheRegexReadThem() {
        RegexOracle.sameAnswers("[a-z0-9][a-z0-9.-]*", SampleMachines::isName, "qemu-ahci.09", 6, 40_000);
    }
}
