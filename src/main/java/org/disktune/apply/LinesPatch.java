package org.disktune.apply;

import java.util.List;
import java.util.function.BiPredicate;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.ChangeDelta;
import com.github.difflib.patch.Chunk;
import com.github.difflib.patch.DeleteDelta;
import com.github.difflib.patch.InsertDelta;
import com.github.difflib.patch.Patch;

/**
 * The patch from one list of lines to another in time linear in their length: the common head and tail are
 * skipped line by line, and Myers' diff (O((N+M)·D), quadratic when most lines differ, as when a rules file of
 * thousands of lines is written new) runs only on a changed middle of at most {@value #MYERS_LINES} lines. A longer
 * middle is shown as removed and added as a whole: a correct patch, not the shortest.
 */
final class LinesPatch {
    /** The largest changed middle Myers' diff is run on (old plus new lines): at most a few million comparisons. */
    static final int MYERS_LINES = 2_000;

    private LinesPatch() {
    }

    static Patch<String> of(List<String> from, List<String> to, BiPredicate<String, String> equal) {
        int head = 0;
        int limit = Math.min(from.size(), to.size());
        while (head < limit && equal.test(from.get(head), to.get(head))) {
            head++;
        }
        int tail = 0;
        while (tail < limit - head && equal.test(from.get(from.size() - 1 - tail), to.get(to.size() - 1 - tail))) {
            tail++;
        }
        List<String> removed = from.subList(head, from.size() - tail);
        List<String> added = to.subList(head, to.size() - tail);
        Patch<String> patch = new Patch<>();
        if (removed.isEmpty() && added.isEmpty()) {
            return patch;
        }
        if (removed.isEmpty() || added.isEmpty() || removed.size() + added.size() > MYERS_LINES) {
            patch.addDelta(delta(new Chunk<>(head, removed), new Chunk<>(head, added)));
            return patch;
        }
        for (AbstractDelta<String> d : DiffUtils.diff(removed, added, equal).getDeltas()) {
            patch.addDelta(delta(new Chunk<>(head + d.getSource().getPosition(), d.getSource().getLines()),
                    new Chunk<>(head + d.getTarget().getPosition(), d.getTarget().getLines())));
        }
        return patch;
    }

    private static AbstractDelta<String> delta(Chunk<String> source, Chunk<String> target) {
        if (source.getLines().isEmpty()) {
            return new InsertDelta<>(source, target);
        }
        return target.getLines().isEmpty() ? new DeleteDelta<>(source, target) : new ChangeDelta<>(source, target);
    }
}
