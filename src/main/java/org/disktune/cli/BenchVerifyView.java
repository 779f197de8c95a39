package org.disktune.cli;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import org.disktune.verify.VerifyReport;

/** verify --bench as JSON: the verify report's fields, plus {@code bench}, one entry per baseline measured again. */
record BenchVerifyView(@JsonUnwrapped VerifyReport report, List<BenchAfterView> bench) {
}
