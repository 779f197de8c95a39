package org.disktune.modprobe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ModprobeConfigParserTest {
    private final ModprobeConfigParser parser = new ModprobeConfigParser();

    static Stream<Path> fixtures() throws IOException, URISyntaxException {
        Path dir = Path.of(ModprobeConfigParserTest.class.getResource("/configs/modprobe.d").toURI());
        return Files.walk(dir).filter(Files::isRegularFile).sorted().toList().stream();
    }

    private static ModprobeConfigParser.ParsedFile parseFixture(String rel) throws Exception {
        Path p = Path.of(ModprobeConfigParserTest.class.getResource("/configs/modprobe.d/" + rel).toURI());
        return new ModprobeConfigParser().parse("/etc/modprobe.d/" + p.getFileName(), Files.readAllBytes(p));
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void everyRealFileParsesAndEveryStatementLineIsAccountedFor(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        ModprobeConfigParser.ParsedFile parsed = parser.parse(file.toString(), bytes);
        long statements = new String(bytes).lines().filter(l -> !l.isEmpty() && !l.startsWith("#") && !l.isBlank()
                && l.matches("^(alias|blacklist|options|install|remove|softdep|weakdep)[ \t].*")).count();
        assertEquals(statements, parsed.directives().size(), file.toString());
        parsed.directives().forEach(d -> assertFalse(d.module().contains("-"), d.toString()));
    }

    @Test
    void inlineHashIsPassedOnAsText() throws Exception {
        List<ModprobeDirective> d = parseFixture("user/Alkeryn-dotfiles_root.mod.conf").directives();
        ModprobeDirective bt = d.stream().filter(x -> x.module().equals("bluetooth")).findFirst().orElseThrow();
        assertEquals("disable_ertm=1 #xbox", bt.argument());
        assertEquals(4, bt.origin().line());
        List<String[]> split = ModprobeConfigParser.splitOptions(bt.argument());
        assertEquals(2, split.size());
        assertEquals("#xbox", split.get(1)[0]);
    }

    @Test
    void continuationJoinsLinesAndKeepsTheFirstLineNumber() throws Exception {
        ModprobeDirective nv = parseFixture("user/CachyOS-Settings.nvidia.conf").directives().get(0);
        assertEquals(DirectiveKind.OPTIONS, nv.kind());
        assertEquals("nvidia", nv.module());
        assertEquals("NVreg_InitializeSystemMemoryAllocations=0     NVreg_DynamicPowerManagement=0x02", nv.argument());
        assertEquals(14, nv.origin().line());
        ModprobeDirective rm = parseFixture("ubuntu-debian/ubuntu-kmod-18-3ubuntu1.iwlwifi.conf").directives().get(0);
        assertEquals(DirectiveKind.REMOVE, rm.kind());
        assertEquals("(/sbin/lsmod | grep -o -e ^iwlmvm -e ^iwldvm -e ^iwlwifi | xargs /sbin/rmmod) && /sbin/modprobe -r mac80211", rm.argument());
        assertEquals(5, rm.origin().line());
    }

    @Test
    void dashAndUnderscoreNamesAreOneModule() throws Exception {
        ModprobeConfig config = new ModprobeConfig(List.of(), parseFixture("user/andersevenrud-funtoo-r400.lenovo.conf").directives(), List.of());
        assertEquals(3, config.optionsFor("thinkpad-acpi").size());
        assertEquals(4, config.optionsFor("i915").size());
        assertEquals("1", config.effective("i915", "i915-enable-rc6").orElseThrow().value());
        assertEquals(76, parseFixture("user/prismos-hardened.blacklist.conf").directives().stream().filter(d -> d.kind() == DirectiveKind.INSTALL).count());
    }

    @Test
    void kmodSemanticsOfCommentsBackslashesAndBadLines() {
        ModprobeConfigParser.ParsedFile f = parser.parse("/t.conf",
                "  # indented hash is not a comment\noptions a-b x=1\\\ny=2\noptions c\nblacklist  d-e\nfoo bar\noptions f p=a\\b\n".getBytes());
        assertEquals(List.of("a_b", "d_e", "f"), f.directives().stream().map(ModprobeDirective::module).toList());
        assertEquals("x=1y=2", f.directives().get(0).argument());
        assertEquals("p=ab", f.directives().get(2).argument());
        assertEquals(3, f.ignored().size());
        assertTrue(f.ignored().get(0).reason().contains("'#'"), f.ignored().get(0).reason());
        assertEquals(4, f.ignored().get(1).origin().line());
    }

    @Test
    void kernelCommandLineAsKmodReadsIt() {
        List<ModprobeDirective> d = parser.parseKernelCommandLine(
                "BOOT_IMAGE=/vmlinuz-linux root=UUID=ab rw libata.force=1.00:noncq sata-nv.adma=1 rd.driver.pre=x quiet "
                        + "\"parport.dyndbg=file a.c +p\" mod.v=\"x y\" modprobe.blacklist=pcspkr,snd-pcsp\n");
        assertEquals(List.of("libata force=1.00:noncq", "sata_nv adma=1", "parport dyndbg=\"file a.c +p\"", "mod v=\"x y\""),
                d.stream().filter(x -> x.kind() == DirectiveKind.OPTIONS).map(x -> x.module() + " " + x.argument()).toList());
        assertEquals(List.of("pcspkr", "snd_pcsp"), d.stream().filter(x -> x.kind() == DirectiveKind.BLACKLIST).map(ModprobeDirective::module).toList());
        assertTrue(d.get(0).origin().commandLine());
        assertEquals("x y", ModprobeConfigParser.splitOptions(d.get(3).argument()).get(0)[1]);
    }
}
