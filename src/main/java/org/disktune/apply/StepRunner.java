package org.disktune.apply;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.host.CommandResult;
import org.disktune.host.Host;

/**
 * Makes one step of a plan on the host: an atomic write or delete, a sysfs write through {@link Host#writeAttribute},
 * a program through {@code host.commands()} (a non-zero exit fails), a {@link Verify} through the checker. A step that
 * fails gives a {@link Failure}, never an exception: the executor then takes back what was done.
 */
final class StepRunner {
    /** A step that failed: one line, and the output of the program or check (empty when none). */
    record Failure(String what, String output) {
    }

    private final Host host;
    private final PostconditionChecker checker;

    StepRunner(Host host, PostconditionChecker checker) {
        this.host = host;
        this.checker = checker;
    }

    /** Makes {@code change}; the directories a write created are added to {@code created}. Empty when it worked. */
    Optional<Failure> run(Change change, List<String> created) {
        try {
            return Optional.ofNullable(change.accept(new ChangeVisitor<Failure>() {
                @Override
                public Failure writeFile(WriteFile write) {
                    List<String> missing = MachineState.missingDirectories(host, write.path());
                    host.files().write(host.node(write.path()), write.newBytes(), true, write.newMode());
                    created.addAll(missing);
                    return null;
                }

                @Override
                public Failure deleteFile(DeleteFile delete) {
                    host.files().delete(host.node(delete.path()));
                    return null;
                }

                @Override
                public Failure runProgram(RunProgram program) {
                    return exited(program.argv(), host.commands().run(program.argv()));
                }

                @Override
                public Failure verify(Verify verify) {
                    Optional<String> problem;
                    try {
                        problem = checker.problem(host, verify.condition());
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    return problem.map(p -> new Failure("check failed (" + verify.description() + "): " + p, p)).orElse(null);
                }

                @Override
                public Failure writeAttribute(WriteAttribute attribute) {
                    try {
                        host.writeAttribute(attribute.path(), attribute.newValue());
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    return null;
                }

                @Override
                public Failure programSetting(ProgramSetting setting) {
                    return exited(setting.argv(), host.commands().run(setting.argv()));
                }

                @Override
                public Failure writeReadAhead(WriteReadAhead readAhead) {
                    host.blockDevices().setReadAheadSectors(readAhead.device(), readAhead.newKib() * 2);
                    return null;
                }
            }));
        } catch (DisktuneException e) {
            return Optional.of(new Failure(e.getMessage(), ""));
        } catch (UncheckedIOException e) {
            return Optional.of(new Failure(describe(change) + " failed: " + MachineState.oneLine(e.getCause()), ""));
        } catch (RuntimeException e) {
            return Optional.of(new Failure(describe(change) + " failed: " + MachineState.oneLine(e), ""));
        }
    }

    private static Failure exited(List<String> argv, CommandResult result) {
        return result.ok() ? null : new Failure(ShellWords.join(argv) + " exited " + result.exitCode(), output(result));
    }

    private static String output(CommandResult result) {
        String out = result.stdout() == null ? "" : result.stdout();
        String err = result.stderr() == null ? "" : result.stderr();
        return out.isEmpty() || err.isEmpty() ? out + err : out + (out.endsWith("\n") ? "" : "\n") + err;
    }

    private static String describe(Change change) {
        return change.accept(new ChangeVisitor<String>() {
            @Override
            public String writeFile(WriteFile write) {
                return "writing " + write.path();
            }

            @Override
            public String deleteFile(DeleteFile delete) {
                return "deleting " + delete.path();
            }

            @Override
            public String runProgram(RunProgram program) {
                return ShellWords.join(program.argv());
            }

            @Override
            public String verify(Verify verify) {
                return "check (" + verify.description() + ")";
            }

            @Override
            public String writeAttribute(WriteAttribute attribute) {
                return "writing " + attribute.newValue() + " to " + attribute.path();
            }

            @Override
            public String programSetting(ProgramSetting setting) {
                return ShellWords.join(setting.argv());
            }

            @Override
            public String writeReadAhead(WriteReadAhead readAhead) {
                return "setting the readahead of " + readAhead.target() + " to " + readAhead.newKib() + " KiB (BLKRASET)";
            }
        });
    }
}
