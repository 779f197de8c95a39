package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@link DirectRun} takes a plain verify or detect command line without picocli: it must take exactly what picocli would
 * parse the same way, know every option the picocli model has, and run to the same output.
 */
class DirectRunTest {
    private static Session session() {
        return new Session(new ByteArrayOutputStream(), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), options -> {
            throw new AssertionError("no host is built while parsing");
        });
    }

    private static List<OptionSpec> ownOptions(CommandSpec spec) {
        return spec.options().stream().filter(o -> !o.usageHelp() && !o.versionHelp() && !o.inherited()).toList();
    }

    @Test
    void theOptionsKnownHereAreTheOptionsOfThePicocliModel() {
        CommandLine full = Main.commandLine(session());
        Set<String> globals = new TreeSet<>(DirectRun.GLOBAL_FLAGS);
        globals.addAll(DirectRun.GLOBAL_VALUES);
        Set<String> modelGlobals = new TreeSet<>();
        for (OptionSpec o : ownOptions(full.getCommandSpec())) {
            modelGlobals.addAll(List.of(o.names()));
            // what DirectRun gives an option it does not see: null (a value) or false (a flag), as picocli does
            assertNull(o.defaultValue(), o.longestName());
            assertEquals(DirectRun.GLOBAL_FLAGS.contains(o.longestName()), o.type() == boolean.class, o.longestName());
        }
        assertEquals(modelGlobals, globals);
        assertEquals(Set.of("detect", "verify", "initramfs list"), DirectRun.commands());
        for (String command : DirectRun.commands()) {
            CommandSpec spec = command(full, command).getCommandSpec();
            Set<String> names = new TreeSet<>();
            for (CommandLine.Model.PositionalParamSpec p : spec.positionalParameters()) {
                assertTrue(p.type() == String.class && p.arity().min() == 1 && p.arity().max() == 1 && p.defaultValue() == null,
                        command + " " + p.paramLabel() + ": one required word");
            }
            assertEquals(spec.positionalParameters().size(), DirectRun.positionals(command), command);
            for (OptionSpec o : ownOptions(spec)) {
                names.addAll(List.of(o.names()));
                assertNull(o.defaultValue(), command + " " + o.longestName());
                assertTrue(o.type() == boolean.class && o.arity().max() == 0 || o.type() == String.class && o.arity().min() == 1
                        && o.arity().max() == 1, command + " " + o.longestName() + ": a flag or an option with one value");
            }
            assertEquals(names, new TreeSet<>(DirectRun.optionNames(command)), command);
        }
    }

    /** The command at {@code path} ("initramfs list") of a command line. */
    private static CommandLine command(CommandLine root, String path) {
        CommandLine command = root;
        for (String word : path.split(" ")) {
            command = command.getSubcommands().get(word);
        }
        return command;
    }

    /** Command lines made of plain words and of every kind of word DirectRun leaves to picocli. */
    private static List<String[]> commandLines() {
        List<List<String>> globals = List.of(List.of("--json"), List.of("--debug"), List.of("--chroot"), List.of("--root", "/t"),
                List.of("--root=/t"), List.of("--kernel-log", "k.log"), List.of("--kernel-log=/var/log/dmesg"), List.of("--config", "c.conf"),
                List.of("--config=/etc/x.conf"), List.of("--sample", "seed-nforce4-arch"), List.of("--sample=qemu-ahci"));
        Map<String, List<List<String>>> own = Map.of(
                "detect", List.of(List.of("--all")),
                "initramfs list", List.of(List.of("/boot/initrd.img"), List.of("image.img"), List.of("a"), List.of("-h"), List.of("list")),
                "verify", List.of(List.of("-q"), List.of("--quiet"), List.of("--strict"), List.of("--bench"), List.of("--prometheus", "/m.prom"),
                        List.of("--prometheus=m.prom")));
        List<List<String>> odd = List.of(List.of("-h"), List.of("--help"), List.of("-V"), List.of("--version"), List.of("--"), List.of("-qs"),
                List.of("-q", "-q"), List.of("--json=true"), List.of("--all=false"), List.of("--root"), List.of("--root", "-x"), List.of("--root", ""),
                List.of("--root="), List.of("@args.txt"), List.of("--root", "@r"), List.of("--sample"), List.of("--sample", "--json"),
                List.of("--root", "verify"), List.of("--config", "detect"), List.of("verify"), List.of("detect"), List.of("x"), List.of("--quiet=yes"),
                List.of("--Root", "/t"), List.of("--all"), List.of("--strict"), List.of("--prometheus"), List.of("-"), List.of("--ro", "/t"),
                List.of("initramfs"), List.of("list"), List.of("cat"), List.of("x.img"), List.of("@x.img"), List.of("--", "x.img"));
        Random random = new Random(20261202);
        List<String[]> lines = new ArrayList<>();
        for (int n = 0; n < 4000; n++) {
            String command = List.of("detect", "verify", "initramfs list").get(random.nextInt(3));
            boolean wild = random.nextInt(3) == 0;
            List<String> words = new ArrayList<>();
            for (int k = random.nextInt(4); k > 0; k--) {
                words.addAll(pick(random, wild && random.nextInt(3) == 0 ? odd : globals));
            }
            if (random.nextInt(40) != 0) {
                String[] path = command.split(" ");
                for (int w = 0; w < path.length; w++) {
                    words.add(path[w]);
                    if (w + 1 < path.length && random.nextInt(4) == 0) {
                        words.addAll(pick(random, globals)); // a global option between a command and its subcommand
                    }
                }
            }
            for (int k = random.nextInt(4); k > 0; k--) {
                int kind = random.nextInt(wild ? 3 : 2);
                words.addAll(pick(random, kind == 0 ? globals : kind == 1 ? own.get(command) : odd));
            }
            lines.add(words.toArray(new String[0]));
        }
        return lines;
    }

    private static <T> T pick(Random random, List<T> from) {
        return from.get(random.nextInt(from.size()));
    }

    @Test
    void everyCommandLineTakenHereIsParsedSoByPicocli() throws Exception {
        int taken = 0;
        int left = 0;
        Set<String> takenShapes = new HashSet<>();
        for (String[] args : commandLines()) {
            Optional<DirectRun.Parsed> direct = DirectRun.parse(args);
            if (direct.isEmpty()) {
                left++;
                continue;
            }
            taken++;
            String line = Arrays.toString(args);
            Session session = session();
            CommandLine commandLine = Main.commandLine(session, CommandModel.soleCommand(args));
            ParseResult parsed;
            try {
                parsed = commandLine.parseArgs(args);
            } catch (CommandLine.ParameterException e) {
                fail(line + " is taken as plain, but picocli rejects it: " + e.getMessage());
                return;
            }
            assertTrue(parsed.unmatched().isEmpty(), line);
            assertTrue(parsed.hasSubcommand(), line);
            ParseResult sub = parsed;
            List<String> path = new ArrayList<>();
            while (sub.hasSubcommand()) {
                sub = sub.subcommand();
                path.add(sub.commandSpec().name());
                assertFalse(sub.isUsageHelpRequested() || sub.isVersionHelpRequested(), line);
                assertTrue(sub.unmatched().isEmpty(), line);
            }
            assertEquals(direct.get().command(), String.join(" ", path), line);
            assertFalse(parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested(), line);
            ((DisktuneCommand) parsed.commandSpec().userObject()).publishOptions();
            assertEquals(session.options(), direct.get().globals(), line);
            assertEquals(optionFields(sub.commandSpec().userObject()), optionFields(DirectRun.command(direct.get(), session)), line);
            takenShapes.add(direct.get().command() + " " + new TreeSet<>(direct.get().options().keySet()));
        }
        // the set means something: many lines of each kind were taken, and as many left to picocli
        assertTrue(taken > 1000 && left > 1000, "taken " + taken + ", left to picocli " + left);
        assertTrue(takenShapes.size() > 200, "shapes " + takenShapes.size());
        assertTrue(takenShapes.stream().filter(shape -> shape.startsWith("initramfs list")).count() > 20, takenShapes.toString());
    }

    /** The values of a command's {@code @Option} and {@code @Parameters} fields by name. */
    private static Map<String, Object> optionFields(Object command) throws IllegalAccessException {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Field field : command.getClass().getDeclaredFields()) {
            if (field.isAnnotationPresent(CommandLine.Option.class) || field.isAnnotationPresent(CommandLine.Parameters.class)) {
                field.setAccessible(true);
                values.put(field.getName(), field.get(command));
            }
        }
        assertFalse(values.isEmpty(), command.getClass().getName());
        return values;
    }

    @Test
    void theUsualFormsAreTakenAndHelpIsNot() {
        for (String[] args : List.of(new String[] {"verify"}, new String[] {"detect"}, new String[] {"--json", "verify", "-q"},
                new String[] {"verify", "--json", "--strict"}, new String[] {"--root", "/mnt", "verify", "--prometheus", "/x/d.prom"},
                new String[] {"--sample", "qemu-ahci", "detect", "--all"}, new String[] {"--sample=seed-nforce4-arch", "--json", "detect"},
                new String[] {"--config", "/tmp/d.conf", "--root=/mnt", "--chroot", "--debug", "--kernel-log", "k.log", "verify", "--bench"},
                new String[] {"initramfs", "list", "/boot/initrd.img-6.1.0-27-amd64"}, new String[] {"--json", "initramfs", "list", "x.img"},
                new String[] {"initramfs", "--json", "list", "x.img", "--root", "/mnt"})) {
            assertTrue(DirectRun.parse(args).isPresent(), Arrays.toString(args));
        }
        for (String[] args : List.of(new String[0], new String[] {"verify", "--help"}, new String[] {"-h", "detect"}, new String[] {"detect", "-V"},
                new String[] {"--sample", "detect"}, new String[] {"verify", "--frobnicate"}, new String[] {"plan"}, new String[] {"--json"},
                new String[] {"verify", "--prometheus"}, new String[] {"verify", "--json", "--json"}, new String[] {"verify", "-q", "--quiet"},
                new String[] {"initramfs"}, new String[] {"initramfs", "list"}, new String[] {"initramfs", "list", "a", "b"},
                new String[] {"initramfs", "cat", "x.img", "/etc/x"}, new String[] {"initramfs", "list", "--help"}, new String[] {"list", "x.img"},
                new String[] {"initramfs", "list", "--", "-x.img"}, new String[] {"initramfs", "x.img", "list"})) {
            assertTrue(DirectRun.parse(args).isEmpty(), Arrays.toString(args));
        }
        DirectRun.Parsed parsed = DirectRun.parse(new String[] {"--root=/mnt", "verify", "-q", "--prometheus=/x/d.prom"}).orElseThrow();
        assertEquals(new GlobalOptions("/mnt", null, false, false, null, false, null), parsed.globals());
        assertEquals(Map.of("--root", "/mnt", "--quiet", "true", "--prometheus", "/x/d.prom"), parsed.options());
    }

    @Test
    void aPlainRunPrintsWhatPicocliPrints() {
        for (String[] args : List.of(new String[] {"--sample", "seed-nforce4-arch", "detect"}, new String[] {"--sample", "qemu-ahci", "detect", "--all"},
                new String[] {"--sample=qemu-piix", "--json", "detect"}, new String[] {"--sample", "seed-raid5-raptors", "verify"},
                new String[] {"--sample", "seed-raid5-raptors", "verify", "--json", "-q", "--strict"},
                new String[] {"--root", "/nonexistent-disktune-root", "verify"}, new String[] {"--sample", "no-such-sample", "detect"},
                new String[] {"--config", "/nonexistent-disktune/disktune.conf", "--sample", "seed-nforce4-arch", "verify"},
                new String[] {"initramfs", "list", "src/test/resources/initramfs/lz4-legacy.img"},
                new String[] {"--json", "initramfs", "list", "src/test/resources/initramfs/lzop.img"},
                new String[] {"initramfs", "list", "/nonexistent-disktune.img"},
                new String[] {"--sample", "qemu-ahci", "initramfs", "list", "/boot/no-such-image.img"})) {
            assertTrue(DirectRun.parse(args).isPresent(), Arrays.toString(args));
            assertEquals(run(args, false), run(args, true), Arrays.toString(args));
        }
    }

    @Test
    void withDebugTheSameLineIsFollowedByAStackTrace() {
        String[] args = {"--debug", "--sample", "no-such-sample", "verify"};
        List<Object> picocli = run(args, false);
        List<Object> direct = run(args, true);
        assertEquals(picocli.subList(0, 2), direct.subList(0, 2));
        String[] picocliErr = ((String) picocli.get(2)).split("\n");
        String[] directErr = ((String) direct.get(2)).split("\n");
        assertEquals("disktune: unknown sample 'no-such-sample'; run 'disktune --sample' to list them", directErr[0]);
        assertEquals(picocliErr[0], directErr[0]);
        // the trace's frames differ below the command (picocli's or none); its head is the same exception
        assertEquals(picocliErr[1], directErr[1]);
        assertTrue(directErr.length > 3 && directErr[2].strip().startsWith("at "), direct.get(2).toString());
    }

    private static List<Object> run(String[] args, boolean direct) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int code = Main.run(args, out, new PrintWriter(err, true), Session::defaultHost, direct);
        return List.of(code, out.toString(StandardCharsets.UTF_8), err.toString());
    }
}
