package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The version boundaries of {@link OldUdevKeys}: 109 (a {@code !=} with alternatives holds only when none matches) and
 * 131 (every key a token of its own), and the rules no udev before 131 can read.
 */
class OldUdevKeysTest {
    private static final UdevKey ACTION = UdevKey.of("ACTION", "==", "add|change");
    private static final UdevKey NOT_MD = UdevKey.of("KERNEL", "!=", "md*");
    private static final UdevKey NOT_DM = UdevKey.of("KERNEL", "!=", "dm-*");
    private static final UdevKey SCHEDULER = new UdevKey("ATTR", "queue/scheduler", "=", "deadline");

    @Test
    void onlyAUdevBefore131IsRewritten() {
        assertTrue(OldUdevKeys.needed(98));
        assertTrue(OldUdevKeys.needed(130));
        assertFalse(OldUdevKeys.needed(131));
        assertFalse(OldUdevKeys.needed(252));
        assertFalse(OldUdevKeys.needed(0), "an unknown udev is read as a current one");
    }

    @Test
    void from109TwoNegatedKeysOfAKindBecomeOneWithBothAlternatives() {
        OldUdevKeys.Written w = written(List.of(List.of(ACTION, NOT_MD, NOT_DM, SCHEDULER)), 109);
        assertEquals(List.of(List.of(ACTION, UdevKey.of("KERNEL", "!=", "md*|dm-*"), SCHEDULER)), w.lines());
        assertEquals(List.of(), w.skips());
        assertEquals(w, written(List.of(List.of(ACTION, NOT_MD, NOT_DM, SCHEDULER)), 130));
    }

    @Test
    void before109TheSecondNegatedKeyJumpsPastTheRule() {
        OldUdevKeys.Written w = written(List.of(List.of(ACTION, NOT_MD, NOT_DM, SCHEDULER)), 108);
        assertEquals(List.of(List.of(ACTION, NOT_MD, SCHEDULER)), w.lines());
        assertEquals(List.of(UdevKey.of("KERNEL", "==", "dm-*")), w.skips());
    }

    @Test
    void aNegatedKeyWithAlternativesStaysFrom109AndJumpsBefore() {
        UdevKey notEither = UdevKey.of("KERNEL", "!=", "md*|dm-*");
        List<List<UdevKey>> rule = List.of(List.of(ACTION, notEither, SCHEDULER));
        OldUdevKeys.Written at109 = written(rule, 109);
        assertEquals(rule, at109.lines());
        assertEquals(List.of(), at109.skips());

        OldUdevKeys.Written at108 = written(rule, 108);
        assertEquals(List.of(List.of(ACTION, SCHEDULER)), at108.lines());
        assertEquals(List.of(UdevKey.of("KERNEL", "==", "md*|dm-*")), at108.skips());
    }

    @Test
    void aJumpedAttributeIsStillRequiredToExist() {
        UdevKey notClear = new UdevKey("ATTR", "md/array_state", "!=", "|clear|inactive");
        OldUdevKeys.Written w = written(List.of(List.of(ACTION, UdevKey.of("KERNEL", "==", "md*")), List.of(SCHEDULER), List.of(notClear)), 105);
        assertEquals(List.of(new UdevKey("ATTR", "md/array_state", "==", "|clear|inactive")), w.skips());
        assertEquals(List.of(List.of(ACTION, UdevKey.of("KERNEL", "==", "md*"), new UdevKey("ATTR", "md/array_state", "==", "*")),
                List.of(SCHEDULER)), w.lines());
    }

    @Test
    void aNegatedKeyBesideAMatchOfItsKindJumpsEvenFrom109() {
        UdevKey sd = UdevKey.of("KERNEL", "==", "sd*");
        OldUdevKeys.Written w = written(List.of(List.of(ACTION, sd, NOT_MD, SCHEDULER)), 130);
        assertEquals(List.of(List.of(ACTION, sd, SCHEDULER)), w.lines());
        assertEquals(List.of(UdevKey.of("KERNEL", "==", "md*")), w.skips());
    }

    @Test
    void twoMatchesOfOneKindCannotBeWritten() {
        List<List<UdevKey>> rule = List.of(List.of(ACTION, UdevKey.of("SYMLINK", "==", "disk/by-id/a"),
                UdevKey.of("SYMLINK", "==", "disk/by-id/b"), SCHEDULER));
        OldUdevKeys.Unwritable u = assertInstanceOf(OldUdevKeys.Unwritable.class, OldUdevKeys.rewrite(rule, 125));
        assertTrue(u.why().contains("udev 125 of this machine keeps one SYMLINK key"), u.why());
    }

    @Test
    void sixAttributeKeysAreMoreThanPairsMax() {
        List<UdevKey> keys = new java.util.ArrayList<>(List.of(ACTION));
        for (int i = 0; i < 6; i++) {
            keys.add(new UdevKey("ATTR", "queue/knob" + i, "=", "1"));
        }
        OldUdevKeys.Unwritable u = assertInstanceOf(OldUdevKeys.Unwritable.class, OldUdevKeys.rewrite(List.of(keys), 130));
        assertTrue(u.why().contains("at most 5 ATTR keys") && u.why().contains("needs 6"), u.why());
        assertInstanceOf(OldUdevKeys.Written.class, OldUdevKeys.rewrite(List.of(keys.subList(0, 6)), 130), "five are read");
    }

    @Test
    void aParentAttributeWithNegatedAlternativesCannotJumpBefore109() {
        UdevKey notRotational = new UdevKey("ATTRS", "vendor", "!=", "ATA|SCSI");
        List<List<UdevKey>> rule = List.of(List.of(ACTION, notRotational, SCHEDULER));
        assertInstanceOf(OldUdevKeys.Unwritable.class, OldUdevKeys.rewrite(rule, 108));
        assertEquals(rule, written(rule, 109).lines());
    }

    private static OldUdevKeys.Written written(List<List<UdevKey>> lines, int udev) {
        return assertInstanceOf(OldUdevKeys.Written.class, OldUdevKeys.rewrite(lines, udev));
    }
}
