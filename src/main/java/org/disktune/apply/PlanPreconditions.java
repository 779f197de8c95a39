package org.disktune.apply;

import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.Sha256;
import org.disktune.host.Host;

/**
 * What must still hold before a plan changes anything: every file holds the bytes (and mode) the planner read and
 * every sysfs attribute reads the planner's old value, counting the steps before it in the plan; else ENVIRONMENT
 * "PATH changed since the plan was made; run again", and nothing is changed. A file a program of the plan rewrites
 * counts as unknown after it. Symbolic links are refused: disktune changes only regular files.
 */
final class PlanPreconditions {
    private static final String UNKNOWN = "unknown";

    private PlanPreconditions() {
    }

    static void requireUnchanged(Host host, List<Change> changes) {
        Map<String, String> planned = new HashMap<>();
        Map<String, String> plannedValues = new HashMap<>();
        for (Change change : changes) {
            change.accept(new ChangeVisitor<Void>() {
                @Override
                public Void writeFile(WriteFile write) {
                    if (write.changesMode() && !planned.containsKey(write.path()) && !host.mode(write.path()).equals(Optional.of(write.oldMode()))) {
                        throw new DisktuneException(ExitCode.ENVIRONMENT, write.path() + " changed since the plan was made (its mode is not "
                                + write.oldMode() + " any more); run again");
                    }
                    requireState(host, planned, write.path(), write.creates() ? null : Sha256.of(write.oldBytes()));
                    planned.put(write.path(), Sha256.of(write.newBytes()));
                    return null;
                }

                @Override
                public Void deleteFile(DeleteFile delete) {
                    requireState(host, planned, delete.path(), Sha256.of(delete.oldBytes()));
                    planned.put(delete.path(), null);
                    return null;
                }

                @Override
                public Void runProgram(RunProgram program) {
                    program.producesFiles().forEach(f -> planned.put(f, UNKNOWN));
                    return null;
                }

                @Override
                public Void verify(Verify verify) {
                    return null;
                }

                @Override
                public Void writeAttribute(WriteAttribute attribute) {
                    String path = attribute.path();
                    String actual = plannedValues.containsKey(path) ? plannedValues.get(path) : MachineState.attribute(host, path);
                    if (!attribute.oldValue().equals(actual)) {
                        throw new DisktuneException(ExitCode.ENVIRONMENT, path + " changed since the plan was made (it reads "
                                + actual + ", the plan expected " + attribute.oldValue() + "); run again");
                    }
                    plannedValues.put(path, attribute.newValue());
                    return null;
                }

                @Override
                public Void writeReadAhead(WriteReadAhead readAhead) {
                    String key = readAhead.target();
                    long actual = plannedValues.containsKey(key) ? Long.parseLong(plannedValues.get(key))
                            : MachineState.readAheadKib(host, readAhead.device());
                    if (actual != readAhead.oldKib()) {
                        throw new DisktuneException(ExitCode.ENVIRONMENT, key + " changed since the plan was made (it reads ahead "
                                + actual + " KiB, the plan expected " + readAhead.oldKib() + "); run again");
                    }
                    plannedValues.put(key, Long.toString(readAhead.newKib()));
                    return null;
                }

                @Override
                public Void programSetting(ProgramSetting setting) {
                    return null; // a drive feature or mount option is read again by the planner only: no cheap re-read here
                }
            });
        }
    }

    private static void requireState(Host host, Map<String, String> planned, String path, String expected) {
        String actual;
        if (planned.containsKey(path)) {
            actual = planned.get(path);
            if (UNKNOWN.equals(actual)) {
                return;
            }
        } else {
            if (Files.isSymbolicLink(host.node(path))) {
                throw new DisktuneException(ExitCode.ENVIRONMENT,
                        path + " is a symbolic link; disktune changes only regular files (point it at the real file)");
            }
            actual = MachineState.sha(host, path);
        }
        if (!Objects.equals(actual, expected)) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, path + " changed since the plan was made; run again");
        }
    }
}
