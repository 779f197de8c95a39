package org.disktune.config;

/** What a line of disktune.conf holds, with its line number: a section header, a key and its value, or a refused key. */
sealed interface IniEntry permits IniEntry.Header, IniEntry.Option, IniEntry.Refused {
    int line();

    /** A section header as ini4j read it: the name between the brackets. */
    record Header(int line, String name) implements IniEntry {
    }

    /** KEY = VALUE as ini4j read it (a value of nothing is ""). */
    record Option(int line, String key, String value) implements IniEntry {
    }

    /** A KEY = VALUE line refused (and reported) before its value was used: it still counts as that key. */
    record Refused(int line, String key) implements IniEntry {
    }
}
