package org.disktune.boot;

import java.util.Optional;
import java.util.regex.Pattern;

import org.disktune.core.DisktuneException;

/**
 * A module parameter on the kernel command line, {@code module.param=value}, that the kernel reads back as written.
 * The kernel's {@code next_arg} (lib/cmdline.c) knows double quotes and no escapes, so a value with spaces is
 * rendered in double quotes and a value that no quoting can carry is refused when the parameter is made: a '"',
 * a newline or other control byte, a byte above ASCII (the kernel's isspace() counts 0xA0, which UTF-8 uses, as a
 * space), and the bytes that mean something to the shell or the boot-loader files the line passes through
 * ({@code $ ` \ ' ; & | < > # ! ( ) { } [ ] ?}). Module and parameter names are written with '_' for '-', the
 * spelling the kernel compares them in.
 */
public record KernelParameter(String module, String parameter, String value) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+");
    /** Every byte a value may hold: letters, digits, space and the punctuation below; the rest is refused. */
    private static final Pattern VALUE = Pattern.compile("[A-Za-z0-9 _.,:=+\\-/@%*~^]+");

    public KernelParameter {
        if (module == null || !NAME.matcher(module).matches()) {
            throw DisktuneException.usage("module name '" + module + "' cannot go on the kernel command line; use letters, digits, '_' and '-'");
        }
        if (parameter == null || !NAME.matcher(parameter).matches()) {
            throw DisktuneException.usage("parameter name '" + parameter + "' of module " + module
                    + " cannot go on the kernel command line; use letters, digits, '_' and '-'");
        }
        module = module.replace('-', '_');
        parameter = parameter.replace('-', '_');
        if (value == null || value.isEmpty()) {
            throw DisktuneException.usage(module + "." + parameter + " needs a value on the kernel command line (" + parameter + "=VALUE)");
        }
        if (value.isBlank() || !VALUE.matcher(value).matches()) {
            throw DisktuneException.usage("value of " + module + "." + parameter + " cannot go on the kernel command line: "
                    + refusedPart(value) + "; the kernel reads double quotes without escapes, so use letters, digits, spaces and _.,:=+-/@%*~^ only");
        }
    }

    /** The argument as the kernel reads it: {@code module.param=value}, the value in double quotes when it holds a space. */
    public String render() {
        String name = module + "." + parameter;
        return value.indexOf(' ') >= 0 ? name + "=\"" + value + "\"" : name + "=" + value;
    }

    @Override
    public String toString() {
        return render();
    }

    /** The parameter of a parsed argument {@code module.param=value}; empty when the name has no '.' or the value cannot be rendered back. */
    static Optional<KernelParameter> fromArgument(String name, String value) {
        int dot = name.indexOf('.');
        if (dot <= 0 || dot == name.length() - 1) {
            return Optional.empty();
        }
        try {
            return Optional.of(new KernelParameter(name.substring(0, dot), name.substring(dot + 1), value));
        } catch (DisktuneException notRenderable) {
            return Optional.empty();
        }
    }

    private static String refusedPart(String value) {
        if (value.isBlank()) {
            return "it is blank";
        }
        int bad = value.codePoints().filter(c -> !VALUE.matcher(Character.toString(c)).matches()).findFirst().orElseThrow();
        return bad < 0x20 || bad == 0x7f || bad > 0x7e ? String.format("it holds the byte U+%04X", bad) : "it holds '" + Character.toString(bad) + "'";
    }
}
