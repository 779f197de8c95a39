package org.disktune.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The edges of every setting's range and the canonical spelling of each accepted value. */
class SettingSyntaxTest {
    @ParameterizedTest(name = "{0} = {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "SCHEDULER|none|none", "SCHEDULER|mq-deadline|mq-deadline", "SCHEDULER|kyber|kyber", "SCHEDULER|noop|none",
            "SCHEDULER|deadline|mq-deadline", "SCHEDULER|cfq|bfq", "SCHEDULER|anticipatory|anticipatory",
            "READ_AHEAD_KB|0|0", "READ_AHEAD_KB|1048576|1048576", "READ_AHEAD_KB|007|7", "MD_READ_AHEAD_KB|4096|4096",
            "QUEUE_DEPTH|1|1", "QUEUE_DEPTH|1024|1024", "NR_REQUESTS|4|4", "NR_REQUESTS|100000|100000",
            "STRIPE_CACHE_SIZE|17|17", "STRIPE_CACHE_SIZE|32768|32768",
            "WRITE_CACHE|1|on", "WRITE_CACHE|OFF|off", "WRITE_CACHE|no|off", "DMA|yes|on",
            "APM|1|1", "APM|255|255", "STANDBY|0|0", "STANDBY|255|255", "ACOUSTIC|0|0", "ACOUSTIC|128|128", "ACOUSTIC|254|254",
            "IO32|0|0", "IO32|1|1", "IO32|3|3", "MULTCOUNT|0|0", "MULTCOUNT|255|255",
            "ATIME|strictatime|strictatime", "LAZYTIME|on|yes", "LAZYTIME|0|no",
            "READ_AHEAD_KB|0004096|4096", "QUEUE_DEPTH|000000000031|31", "READ_AHEAD_KB|0000000000001|1", "ACOUSTIC|000|0", "ACOUSTIC|00128|128"})
    void accepted(Setting setting, String written, String canonical) {
        SettingSyntax.Outcome.Accepted a = assertInstanceOf(SettingSyntax.Outcome.Accepted.class, SettingSyntax.check(setting, written));
        assertEquals(canonical, a.value());
        assertNull(a.warning(), "whether a 2.6 name is written as is is for the planner, which sees the kernel");
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
            "SCHEDULER|mq deadline", "SCHEDULER|abcdefghijklmnopqrstuvwxyz0123456",
            "READ_AHEAD_KB|1048577", "READ_AHEAD_KB|-1", "READ_AHEAD_KB|1e3", "READ_AHEAD_KB|99999999999999999999",
            "READ_AHEAD_KB|999999999999", "ACOUSTIC|999999999999", "STANDBY|000000000256",
            "QUEUE_DEPTH|1025", "NR_REQUESTS|3", "NR_REQUESTS|100001", "STRIPE_CACHE_SIZE|32769",
            "WRITE_CACHE|2", "APM|256", "ACOUSTIC|127", "ACOUSTIC|255", "IO32|2", "MULTCOUNT|256",
            "ATIME|atime", "LAZYTIME|maybe"})
    void rejected(Setting setting, String written) {
        assertInstanceOf(SettingSyntax.Outcome.Rejected.class, SettingSyntax.check(setting, written));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
            "READ_AHEAD_KB|99999999999999999999999|read_ahead_kb = 99999999999999999999999 is out of range; use a whole number from 0 to 1048576 KiB",
            "QUEUE_DEPTH|0000000000000000000000|queue_depth = 0000000000000000000000 is out of range; use a whole number from 1 to 1024 commands (1 turns NCQ off)",
            "STANDBY|1000000000000|standby = 1000000000000 is out of range; use a whole number from 0 to 255 (a timeout code; 0 turns standby off)",
            "STRIPE_CACHE_SIZE|1e3|stripe_cache_size = 1e3 is not a whole number; use one from 17 to 32768 entries"})
    void aNumberOfAnyLengthIsJudgedByItsRange(Setting setting, String written, String message) {
        assertEquals(message, assertInstanceOf(SettingSyntax.Outcome.Rejected.class, SettingSyntax.check(setting, written)).message());
    }
}
