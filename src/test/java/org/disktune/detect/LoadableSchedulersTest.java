package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Test;

class LoadableSchedulersTest {
    static String excerpt() throws IOException {
        try (InputStream in = LoadableSchedulersTest.class.getResourceAsStream("/detect/modules.alias-debian12-6.1.0-57-amd64-excerpt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void debian12OffersBfqAsAModule() throws IOException {
        assertEquals(List.of("bfq"), LoadableSchedulers.parse(excerpt()));
    }

    @Test
    void onlyWholeAliasLinesOfAnIoschedNameCount() {
        String text = "# alias deadline-iosched deadline\n"
                + "alias kyber-iosched kyber_iosched\r\n"
                + "alias not-iosched-really x\n"
                + "alias -iosched nameless\n"
                + "alias ../evil-iosched x\n"
                + "softdep bfq-iosched pre: x\n"
                + "alias bfq-iosched bfq extra\n"
                + "alias cfq-iosched cfq_iosched";
        assertEquals(List.of("cfq", "kyber"), LoadableSchedulers.parse(text));
        assertEquals(List.of(), LoadableSchedulers.parse(""));
    }

    @Test
    void readsTheRunningKernelsFileUnderTheRootAndNothingElse() throws IOException {
        TestMachine machine = TestMachine.create()
                .file("/usr/lib/modules/6.1.0-57-amd64/modules.alias", excerpt())
                .file("/lib/modules/6.12.0/modules.alias", "alias kyber-iosched kyber_iosched\n");
        assertEquals(List.of("bfq"), LoadableSchedulers.read(machine.host(), "6.1.0-57-amd64"));
        assertEquals(List.of("kyber"), LoadableSchedulers.read(machine.host(), "6.12.0"));
        assertEquals(List.of(), LoadableSchedulers.read(machine.host(), "5.10.0"));
        assertEquals(List.of(), LoadableSchedulers.read(machine.host(), null));
        assertEquals(List.of(), LoadableSchedulers.read(machine.host(), "../6.12.0"));
        assertEquals(List.of(), LoadableSchedulers.read(machine.host(), ".."));
    }

    @Test
    void detectReportsThem() throws IOException {
        TestMachine machine = MachineDetectorTest.ahciMachine("32").file("/lib/modules/6.1.0-57-amd64/modules.alias", excerpt());
        assertEquals(List.of("bfq"), new MachineDetector(machine.host()).detect().loadableSchedulers());
        assertEquals(List.of(), new MachineDetector(MachineDetectorTest.ahciMachine("32").host()).detect().loadableSchedulers());
    }
}
