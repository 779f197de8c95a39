package org.disktune.cli;

import java.io.IOException;
import java.io.Writer;
import java.util.function.UnaryOperator;

/**
 * Standard output as the user reads it: each line, text or JSON, passes through the session's
 * {@link org.disktune.host.Host#inMachineTerms} before it is written, so that under {@code --root DIR} a path below DIR
 * is printed as the machine's ({@code /etc/...}), whichever command or check made the line. A line is translated
 * when it ends, or when the output is flushed before it ends (a question waiting for an answer).
 */
final class MachineTermsWriter extends Writer {
    private final Writer out;
    private final UnaryOperator<String> translate;
    private final StringBuilder line = new StringBuilder();

    MachineTermsWriter(Writer out, UnaryOperator<String> translate) {
        this.out = out;
        this.translate = translate;
    }

    @Override
    public void write(char[] chars, int offset, int length) throws IOException {
        int start = offset;
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            if (chars[i] == '\n') {
                line.append(chars, start, i + 1 - start);
                emit();
                start = i + 1;
            }
        }
        line.append(chars, start, end - start);
    }

    private void emit() throws IOException {
        if (!line.isEmpty()) {
            out.write(translate.apply(line.toString()));
            line.setLength(0);
        }
    }

    @Override
    public void flush() throws IOException {
        emit();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        flush();
        out.close();
    }
}
