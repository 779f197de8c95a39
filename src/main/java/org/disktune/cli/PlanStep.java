package org.disktune.cli;

import java.util.ArrayList;
import java.util.List;

import org.disktune.apply.Change;
import org.disktune.apply.ChangeVisitor;
import org.disktune.apply.DeleteFile;
import org.disktune.apply.Plan;
import org.disktune.apply.PlanRenderer;
import org.disktune.apply.ProgramSetting;
import org.disktune.apply.RunProgram;
import org.disktune.apply.Verify;
import org.disktune.apply.WriteAttribute;
import org.disktune.apply.WriteFile;
import org.disktune.apply.WriteReadAhead;

/**
 * One step of a plan as JSON data: its kind (write-file, delete-file, run-program, verify, write-attribute,
 * program-setting, write-read-ahead),
 * the reason, and the fields of that kind: the machine path with the unified diff of a file (and its old and new mode as
 * the old and new value, when the write changes its mode: "0644", "0755"), the attribute's old and new value, the program's argv and the files it rewrites. Null fields are the other kinds'.
 */
record PlanStep(String kind, String reason, String path, String diff, String oldValue, String newValue, String device,
        String identity, List<String> argv, List<String> rewrites) {
    static List<PlanStep> of(Plan plan) {
        List<PlanStep> steps = new ArrayList<>();
        for (Change change : plan.changes()) {
            steps.add(change.accept(new ChangeVisitor<PlanStep>() {
                @Override
                public PlanStep writeFile(WriteFile c) {
                    return new PlanStep("write-file", c.reason(), c.path(), diff(c), c.changesMode() ? c.oldMode().toString() : null,
                            c.changesMode() ? c.newMode().toString() : null, null, null, null, null);
                }

                @Override
                public PlanStep deleteFile(DeleteFile c) {
                    return new PlanStep("delete-file", c.reason(), c.path(), diff(c), null, null, null, null, null, null);
                }

                @Override
                public PlanStep runProgram(RunProgram c) {
                    return new PlanStep("run-program", c.reason(), null, null, null, null, null, null, c.argv(), c.producesFiles());
                }

                @Override
                public PlanStep verify(Verify c) {
                    return new PlanStep("verify", c.description(), null, null, null, null, null, null, null, null);
                }

                @Override
                public PlanStep programSetting(ProgramSetting c) {
                    return new PlanStep("program-setting", c.reason(), c.target(), null, c.oldValue(), c.newValue(), c.device(),
                            c.identity(), c.argv(), null);
                }

                @Override
                public PlanStep writeReadAhead(WriteReadAhead c) {
                    return new PlanStep("write-read-ahead", c.reason(), c.target(), null, Long.toString(c.oldKib()),
                            Long.toString(c.newKib()), c.device(), c.identity(), null, null);
                }

                @Override
                public PlanStep writeAttribute(WriteAttribute c) {
                    return new PlanStep("write-attribute", c.reason(), c.path(), null, c.oldValue(), c.newValue(), c.device(),
                            c.identity(), null, null);
                }
            }));
        }
        return List.copyOf(steps);
    }

    /** The unified diff of one file step, without the "# reason" line the renderer puts first. */
    private static String diff(Change change) {
        String text = new PlanRenderer().render(Plan.of(change));
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(nl + 1);
    }
}
