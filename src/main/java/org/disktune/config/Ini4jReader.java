package org.disktune.config;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.ini4j.Config;
import org.ini4j.spi.IniHandler;
import org.ini4j.spi.IniParser;

/**
 * Reads the lines {@link IniLineScan} kept with ini4j: the section names, keys and values are ini4j's, each placed at
 * the line the scan kept for it (ini4j reports one event per kept line, in order). A value that holds a character
 * unsafe in a generated file is refused here, at its line, and still counts as its key.
 */
final class Ini4jReader {
    private Ini4jReader() {
    }

    /** ini4j's IniParser with disktune's configuration (setConfig is protected: IniParser.newInstance's way). */
    private static final class Parser extends IniParser {
        Parser() {
            setConfig(config());
        }
    }

    /** The headers, options and refused keys of the kept lines, in line order. */
    static List<IniEntry> read(IniLineScan.Result scan, ConfigProblems problems) {
        List<IniEntry> entries = new ArrayList<>();
        Iterator<IniLineScan.Kept> kept = scan.kept().iterator();
        IniHandler handler = new IniHandler() {
            @Override
            public void startIni() {
            }

            @Override
            public void endIni() {
            }

            @Override
            public void startSection(String name) {
                entries.add(new IniEntry.Header(next(true, "section [" + name + "]"), name));
            }

            @Override
            public void endSection() {
            }

            @Override
            public void handleComment(String comment) {
            }

            @Override
            public void handleOption(String name, String value) {
                int line = next(false, "option " + name);
                String v = value == null ? "" : value;
                String unsafe = ConfigNames.unsafeCharacter(v);
                if (unsafe == null) {
                    entries.add(new IniEntry.Option(line, name, v));
                } else {
                    problems.error(line, "the value of " + name + " contains " + unsafe);
                    entries.add(new IniEntry.Refused(line, name));
                }
            }

            /** The line of the next kept line, which must be of the kind ini4j reported. */
            private int next(boolean header, String what) {
                IniLineScan.Kept line = kept.hasNext() ? kept.next() : null;
                if (line == null || line.header() != header) {
                    throw new IllegalStateException("ini4j reported " + what + " where the line scan kept " + line);
                }
                return line.line();
            }
        };
        try {
            // ini4j's own parser, made directly: IniParser.newInstance would look for a replacement in META-INF/services
            new Parser().parse(new StringReader(scan.forIni4j()), handler);
        } catch (IOException e) {
            // ini4j reports a malformed line it was not meant to see as InvalidFileFormatException
            problems.error(0, "cannot read the file as INI: " + e.getMessage() + "; run disktune config check");
        }
        if (kept.hasNext()) {
            throw new IllegalStateException("ini4j reported nothing for the kept line " + kept.next());
        }
        return entries;
    }

    private static Config config() {
        Config config = new Config();
        config.setEscape(false);
        config.setEscapeNewline(false);
        config.setStrictOperator(true);
        config.setEmptyOption(true);
        config.setEmptySection(true);
        config.setGlobalSection(false);
        config.setMultiSection(true);
        config.setMultiOption(true);
        config.setInclude(false);
        config.setLowerCaseOption(false);
        config.setLowerCaseSection(false);
        config.setComment(false);
        config.setTree(false);
        return config;
    }
}
