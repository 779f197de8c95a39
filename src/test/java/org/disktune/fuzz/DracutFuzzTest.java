package org.disktune.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.disktune.initramfs.config.DracutConf;
import org.disktune.initramfs.config.DracutConfReader;
import org.disktune.initramfs.config.DropInRenderer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * dracut.conf and dracut.conf.d files (sourced by bash; read with dracut's rules by DracutConfReader): mutated real
 * files of every dracut release (configs/dracut) evaluate or are refused with one line; disktune's rendered drop-in,
 * sourced after any file that evaluates, makes dracut install the options file (parse(render(x)) holds x).
 */
class DracutFuzzTest {
    private static final String PATH = "/etc/modprobe.d/disktune.conf";
    private static final List<byte[]> SEEDS = Fuzz.resources("configs/dracut", "");
    private static final List<String> TOKENS = List.of("install_items+=\" ", "install_items=\"", "hostonly=\"yes\"", "hostonly=no",
            "add_drivers+=\" ", "omit_dracutmodules+=\" ", "\"", "'", "\\", "#", "$(", "`", "\n", " ", "+=", "=", "(", ")", "${x}");

    @Test
    void anyFileEvaluatesAndTheDropInInstallsThePath() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.SHORT, file -> check(file));
    }

    @Tag("fuzz")
    @Test
    void anyFileEvaluatesAndTheDropInInstallsThePathLongRun() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.LONG, file -> check(file));
    }

    static void check(byte[] file) {
        DracutConf alone = Fuzz.parse(file, () -> DracutConfReader.evaluate(List.of(Map.entry("/etc/dracut.conf", file))));
        if (alone == null) {
            return;
        }
        byte[] dropIn = new DropInRenderer().dracut(PATH);
        DracutConf with = Fuzz.parse(file, () -> DracutConfReader.evaluate(List.of(Map.entry("/etc/dracut.conf", file),
                Map.entry(DropInRenderer.DRACUT_DROP_IN, dropIn))));
        assertNotNull(with, "a file that evaluates alone evaluates with the drop-in after it");
        assertTrue(with.installs(PATH), "the drop-in installs the path after " + alone);
        assertEquals(alone.hostOnly(), with.hostOnly());
    }
}
