package org.disktune.hdparm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;

import org.disktune.config.Setting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** hdparm 9.x output as hdparm.c prints it (format strings checked against the installed 9.65 binary). */
class HdparmOutputParserTest {
    static String out(String device, String line) {
        return "\n" + device + ":\n" + line;
    }

    /** One line of output after the device line, ended with its newline. */
    static String line(String line) {
        return out("/dev/sdb", line + "\n");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "none", ignoreLeadingAndTrailingWhitespace = false, value = {
            "WRITE_CACHE| write-caching =  1 (on)|1",
            "WRITE_CACHE| write-caching =  0 (off)|0",
            "WRITE_CACHE| write-caching = not supported|none",
            "APM| APM_level\t= 254|254",
            "APM| APM_level\t= 1|1",
            "APM| APM_level\t= off|255",
            "APM| APM_level\t= not supported|none",
            "ACOUSTIC| acoustic      = 254 (128=quiet ... 254=fast)|254",
            "ACOUSTIC| acoustic      = not supported|none",
    })
    void readsEachValue(String setting, String line, String expected) {
        assertEquals(Optional.ofNullable(expected), HdparmOutputParser.value(Setting.valueOf(setting), line(line)));
    }

    @Test
    void legacyIdeValuesAsTheFifthSeedSawThem() {
        String io32 = out("/dev/hde", " IO_support    =  3 (32-bit w/sync)\n");
        String mult = out("/dev/hde", " multcount     = 16 (on)\n");
        String dma = out("/dev/hde", " using_dma     =  1 (on)\n");
        assertEquals(Optional.of("3"), HdparmOutputParser.value(Setting.IO32, io32));
        assertEquals(Optional.of("16"), HdparmOutputParser.value(Setting.MULTCOUNT, mult));
        assertEquals(Optional.of("1"), HdparmOutputParser.value(Setting.DMA, dma));
        assertEquals(Optional.of("0"), HdparmOutputParser.value(Setting.IO32, out("/dev/hde", " IO_support    =  0 (default) \n")));
        assertEquals(Optional.of("0"), HdparmOutputParser.value(Setting.MULTCOUNT, out("/dev/hde", " multcount     =  0 (off)\n")));
    }

    @Test
    void settingPrintsTheNewValueAfterTheSettingLine() {
        String stdout = out("/dev/sdb", " setting drive write-caching to 0 (off)\n write-caching =  0 (off)\n");
        assertEquals(Optional.of("0"), HdparmOutputParser.value(Setting.WRITE_CACHE, stdout));
        String apm = out("/dev/sdb", " setting Advanced Power Management level to 0xfe (254)\n APM_level\t= 254\n");
        assertEquals(Optional.of("254"), HdparmOutputParser.value(Setting.APM, apm));
    }

    @Test
    void aNonAtaDeviceGivesNothing() {
        // hdparm 9.65 -W /dev/loop0 on this machine: exit 0, only the device line
        for (Setting s : new Setting[] {Setting.WRITE_CACHE, Setting.APM, Setting.ACOUSTIC, Setting.IO32, Setting.MULTCOUNT, Setting.DMA}) {
            assertEquals(Optional.empty(), HdparmOutputParser.value(s, "\n/dev/loop0:\n"), s.key());
        }
    }

    @Test
    void theOtherSettingsLinesOfAFullReportDoNotConfuseTheLabels() {
        String all = out("/dev/hde", " multcount     = 16 (on)\n IO_support    =  1 (32-bit)\n unmaskirq     =  0 (off)\n"
                + " using_dma     =  1 (on)\n keepsettings  =  0 (off)\n readonly      =  0 (off)\n readahead     = 256 (on)\n");
        assertEquals(Optional.of("16"), HdparmOutputParser.value(Setting.MULTCOUNT, all));
        assertEquals(Optional.of("1"), HdparmOutputParser.value(Setting.IO32, all));
        assertEquals(Optional.of("1"), HdparmOutputParser.value(Setting.DMA, all));
        assertEquals(Optional.empty(), HdparmOutputParser.value(Setting.WRITE_CACHE, all));
    }

    @Test
    void standbyIsNeverRead() {
        assertEquals(Optional.empty(), HdparmOutputParser.value(Setting.STANDBY, out("/dev/sdb", " standby = 240\n")));
    }
}
