package org.disktune.config;

import java.util.regex.Pattern;

/** The shapes of names and values in disktune.conf, and what makes a value unsafe to put into a generated file. */
final class ConfigNames {
    /** Characters no value may hold: shells, udev rules and fstab give them meaning ('#' would be a comment). */
    static final String METACHARACTERS = ";&|$`<>\"'\\#";

    private ConfigNames() {
    }

    /** The patterns, compiled when a name is first checked. */
    private static final class Patterns {
        static final Pattern LABEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:-]*");
        static final Pattern MODULE = Pattern.compile("[a-z0-9_-]+");
        static final Pattern PARAMETER = Pattern.compile("[a-z0-9_]+");
        static final Pattern KERNEL_MD = Pattern.compile("md[0-9]+");
        static final Pattern NAME_GLOB = Pattern.compile("[A-Za-z0-9_.:*?!\\[\\]-]+");
        static final Pattern DRIVER = Pattern.compile("[A-Za-z0-9_-]+");
        static final Pattern WWN = Pattern.compile("[A-Za-z0-9.:_-]+");
        static final Pattern BY_ID = Pattern.compile("[A-Za-z0-9_.:+@-]+");
        /** As mdadm shows it, as a UUID, or bare. */
        static final Pattern UUID = Pattern.compile(
                "[0-9a-fA-F]{8}(:[0-9a-fA-F]{8}){3}|[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}|[0-9a-fA-F]{32}");
        static final Pattern NOT_NORMALIZED = Pattern.compile("//|/\\./|/\\.\\./|/\\.{1,2}\\z");
    }

    /** A [disk] label, an [md] name, a match.md value. */
    static boolean isLabel(String s) {
        return Patterns.LABEL.matcher(s).matches();
    }

    /** A [module] name. */
    static boolean isModuleName(String s) {
        return Patterns.MODULE.matcher(s).matches();
    }

    /** A module parameter name. */
    static boolean isParameterName(String s) {
        return Patterns.PARAMETER.matcher(s).matches();
    }

    /** A kernel md array name (md0, md127). */
    static boolean isKernelMd(String s) {
        return Patterns.KERNEL_MD.matcher(s).matches();
    }

    /** A match.name glob. */
    static boolean isNameGlob(String s) {
        return Patterns.NAME_GLOB.matcher(s).matches();
    }

    /** A match.driver value. */
    static boolean isDriver(String s) {
        return Patterns.DRIVER.matcher(s).matches();
    }

    /** A match.wwn value. */
    static boolean isWwn(String s) {
        return Patterns.WWN.matcher(s).matches();
    }

    /** A name in /dev/disk/by-id. */
    static boolean isById(String s) {
        return Patterns.BY_ID.matcher(s).matches();
    }

    /** An md array UUID. */
    static boolean isUuid(String s) {
        return Patterns.UUID.matcher(s).matches();
    }

    /** Why a [mount PATH] is refused, or null. */
    static String mountPointProblem(String path) {
        String unsafe = unsafeCharacter(path);
        if (unsafe != null) {
            return "the mount point " + path + " contains " + unsafe;
        }
        boolean normalized = path.startsWith("/") && (path.equals("/") || !path.endsWith("/"))
                && !Patterns.NOT_NORMALIZED.matcher(path).find();
        return normalized ? null : "[mount " + path + "] is not an absolute, normalized path; write it as findmnt shows it, e.g. [mount /home]";
    }

    /** What makes a value unsafe ("';', which shells ... treat specially; remove it"), or null when it is safe. */
    static String unsafeCharacter(String value) {
        return value.chars().mapToObj(c -> unsafe((char) c)).filter(problem -> problem != null).findFirst().orElse(null);
    }

    private static String unsafe(char c) {
        if (c == '#') {
            return "'#'; comments are whole lines starting with # or ; (nothing may follow a value)";
        }
        if (Character.isISOControl(c) || c == '\uFFFD') {
            return describe(c) + "; remove it";
        }
        if (METACHARACTERS.indexOf(c) >= 0) {
            return describe(c) + ", which shells, udev rules and fstab treat specially; remove it";
        }
        return null;
    }

    static String describe(char c) {
        return switch (c) {
            case '\t' -> "a tab";
            case '\n' -> "a newline";
            case '\r' -> "a carriage return";
            case '\0' -> "a NUL character";
            case '`' -> "a backtick";
            case '\\' -> "a backslash '\\'";
            case '"' -> "a double quote";
            case '\'' -> "a single quote";
            case '\uFFFD' -> "bytes that are not UTF-8";
            default -> Character.isISOControl(c) ? String.format("the control character U+%04X", (int) c) : "'" + c + "'";
        };
    }
}
