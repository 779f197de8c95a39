package org.disktune.cli;

/** Lists the bundled sample machines (disktune --sample). */
final class SampleListRenderer {
    record SampleRow(String name, String description) {
    }

    record SampleList(java.util.List<SampleRow> samples) {
    }

    void render(Output output) {
        SampleList list = new SampleList(SampleRoots.list().stream().map(s -> new SampleRow(s[0], s[1])).toList());
        output.render("samples", list, out -> {
            TableRenderer table = new TableRenderer("SAMPLE", "DESCRIPTION");
            list.samples().forEach(s -> table.row(s.name(), s.description()));
            table.print(out);
            out.println();
            out.println("Run one with: disktune --sample NAME detect");
        });
    }
}
