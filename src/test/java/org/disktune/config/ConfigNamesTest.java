package org.disktune.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import org.disktune.testing.RegexOracle;
import org.junit.jupiter.api.Test;

/**
 * ConfigNames' patterns against the regexes disktune.conf(5) states, on the empty string and many generated strings
 * over an alphabet holding every character the patterns name, their neighbours in ASCII ('/' ':' '@' '[' '`' '{'),
 * and look-alikes outside ASCII (Arabic and full-width digits, the Kelvin sign, dotted I, accented letters).
 */
class ConfigNamesTest {
    /** The characters the patterns are about: what most generated strings are made of. */
    private static final String NAMED = "azAZ09bcdefmgFG_.:-*?![]+@x";
    private static final String EDGES = "/:@[`{ \t\n\r\u0000\u007f~#=,'\"\\\u00e9\u0660\uff10\u212a\u0130\u017f\ud83d\ude00";

    @Test
    void labelMatchesItsRegex() {
        same("[A-Za-z0-9][A-Za-z0-9_.:-]*", ConfigNames::isLabel, NAMED);
    }

    @Test
    void moduleNameMatchesItsRegex() {
        same("[a-z0-9_-]+", ConfigNames::isModuleName, NAMED);
    }

    @Test
    void parameterNameMatchesItsRegex() {
        same("[a-z0-9_]+", ConfigNames::isParameterName, NAMED);
    }

    @Test
    void kernelMdMatchesItsRegex() {
        List<String> inputs = generated("md0123456789mdmdMD/:", 10);
        for (String s : generated("0123456789", 8)) {
            inputs.add("md" + s);
        }
        compare(Pattern.compile("md[0-9]+"), ConfigNames::isKernelMd, inputs);
    }

    @Test
    void nameGlobMatchesItsRegex() {
        same("[A-Za-z0-9_.:*?!\\[\\]-]+", ConfigNames::isNameGlob, NAMED);
    }

    @Test
    void driverMatchesItsRegex() {
        same("[A-Za-z0-9_-]+", ConfigNames::isDriver, NAMED);
    }

    @Test
    void wwnMatchesItsRegex() {
        same("[A-Za-z0-9.:_-]+", ConfigNames::isWwn, NAMED);
    }

    @Test
    void byIdMatchesItsRegex() {
        same("[A-Za-z0-9_.:+@-]+", ConfigNames::isById, NAMED);
    }

    @Test
    void uuidMatchesItsRegex() {
        Pattern regex = Pattern.compile(
                "[0-9a-fA-F]{8}(:[0-9a-fA-F]{8}){3}|[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}|[0-9a-fA-F]{32}");
        List<String> inputs = new ArrayList<>(generated("0123456789abcdefABCDEFgG:-", 40));
        // UUID-shaped strings: a template's hexadecimal digits filled in, then now and then one character changed,
        // dropped or added, so that both sides of every length and separator test are reached
        Random random = new Random(11);
        String[] templates = {"xxxxxxxx:xxxxxxxx:xxxxxxxx:xxxxxxxx", "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
                "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"};
        String hex = "0123456789abcdefABCDEF";
        for (int i = 0; i < 60_000; i++) {
            StringBuilder s = new StringBuilder();
            for (char t : templates[random.nextInt(templates.length)].toCharArray()) {
                s.append(t == 'x' ? hex.charAt(random.nextInt(hex.length())) : t);
            }
            switch (random.nextInt(4)) {
                case 0 -> s.setCharAt(random.nextInt(s.length()), pick(random, "gG:-/@`{0fF" + EDGES));
                case 1 -> s.deleteCharAt(random.nextInt(s.length()));
                case 2 -> s.insert(random.nextInt(s.length() + 1), pick(random, hex + ":-g"));
                default -> {
                }
            }
            inputs.add(s.toString());
        }
        compare(regex, ConfigNames::isUuid, inputs);
    }

    private static void same(String regex, Predicate<String> matcher, String named) {
        compare(Pattern.compile(regex), matcher, generated(named, 14));
    }

    private static void compare(Pattern regex, Predicate<String> matcher, List<String> inputs) {
        RegexOracle.sameAnswers(regex, matcher, inputs);
    }

    private static List<String> generated(String named, int maxLength) {
        return RegexOracle.generated(named, maxLength, 60_000);
    }

    private static char pick(Random random, String from) {
        return from.charAt(random.nextInt(from.length()));
    }
}
