package org.disktune.modprobe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The bundled driver table (the resource drivers.tsv) as DriverCatalog reads it. */
class DriverCatalogTest {
    @Test
    void theBundledTableIsTheResourceFile() throws Exception {
        try (var in = DriverCatalog.class.getResourceAsStream("/org/disktune/modprobe/drivers.tsv")) {
            assertNotNull(in, "drivers.tsv on the class path");
            String text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            DriverCatalog fromFile = DriverCatalog.parse(text);
            DriverCatalog bundled = DriverCatalog.load();
            assertEquals(fromFile.modules(), bundled.modules());
            for (String module : bundled.modules()) {
                assertEquals(fromFile.parameters(module), bundled.parameters(module), module);
            }
        }
    }

    @Test
    void theBundledTableKeepsItsTabsAndEveryRowHasItsNineColumns() {
        List<String> rows = DriverCatalog.bundledText().lines().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        assertTrue(rows.size() >= 10, rows.toString());
        for (String row : rows) {
            assertEquals(9, row.split("\t", -1).length, row);
            assertFalse(Character.isWhitespace(row.charAt(0)), row);
        }
        DriverCatalog catalog = DriverCatalog.load();
        assertEquals(rows.size(), catalog.modules().stream().mapToInt(m -> catalog.parameters(m).size()).sum());
    }

    @Test
    void theBundledCatalogueKnowsTheDriversOfTheSeeds() {
        DriverCatalog catalog = DriverCatalog.load();
        DriverParameter adma = catalog.parameter("sata_nv", "adma").orElseThrow();
        assertEquals(ParameterType.BOOL, adma.type());
        assertTrue(adma.pciIds().contains("10de:0054"), adma.pciIds().toString());
        assertEquals(ParameterType.LIBATA_FORCE, catalog.parameter("libata", "force").orElseThrow().type());
        assertTrue(catalog.knows("ahci") && catalog.knows("sata-nv"), "module names with - and _ are one name");
        assertFalse(catalog.knows("no_such_module"));
    }

    @Test
    void aRowWithoutNineColumnsIsRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> DriverCatalog.parse("sata_nv\tadma\tbool\n"));
        assertTrue(e.getMessage().contains("expected 9 columns"), e.getMessage());
    }
}
