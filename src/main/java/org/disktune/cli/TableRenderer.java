package org.disktune.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** An aligned text table in the style of lsblk: upper-case headers, columns padded, unknown shown as "-". */
final class TableRenderer {
    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    TableRenderer(String... headers) {
        this.headers = List.of(headers);
    }

    TableRenderer row(Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, table has " + headers.size() + " columns");
        }
        rows.add(Arrays.stream(cells).map(c -> c == null ? "-" : c.toString()).toList());
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void print(PrintWriter out) {
        int[] widths = new int[headers.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = headers.get(i).length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        line(out, headers, widths);
        for (List<String> row : rows) {
            line(out, row, widths);
        }
    }

    private static void line(PrintWriter out, List<String> cells, int[] widths) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            s.append(cells.get(i));
            if (i < cells.size() - 1) {
                s.append(" ".repeat(widths[i] - cells.get(i).length() + 2));
            }
        }
        out.println(s.toString().stripTrailing());
    }
}
