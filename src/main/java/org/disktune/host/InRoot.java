package org.disktune.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * Resolves a machine path inside a root directory the way the kernel resolves it for a process
 * chrooted there: every symbolic link met on the way is followed, an absolute link target starts
 * again at the root, and {@code ..} never climbs above the root (at the root, {@code ..} is the root).
 * This is what {@code openat2(2)} with {@code RESOLVE_IN_ROOT} and systemd's {@code chase()} with a
 * root directory do (fs/namei.c: {@code nd_jump_root} and {@code follow_dotdot} stop at the root;
 * src/basic/chase.c). The result is a path below the root whose existing directories contain no
 * symbolic link, so what is opened through it is the file the chrooted process would open, and never
 * one outside the root. At most 40 links are followed ({@code MAXSYMLINKS}, include/linux/namei.h);
 * more is the kernel's ELOOP.
 *
 * <p>Components that do not exist are kept as written: the rest of the path is then lexical, which is
 * safe because nothing below a missing directory exists to point elsewhere. So below a missing component
 * nothing is looked up (a failed lookup costs an exception), until {@code ..} climbs back above it.
 */
final class InRoot {
    static final int MAX_LINKS = 40;

    private InRoot() {
    }

    /**
     * The path of {@code absolute} under {@code root}. With {@code followLast} false a final symbolic link
     * is not followed (as lstat, readlink, unlink and rename treat their last component).
     */
    static Path resolve(Path root, String absolute, boolean followLast) {
        if (!absolute.startsWith("/")) {
            throw new IllegalArgumentException("machine path must be absolute: " + absolute);
        }
        Deque<String> todo = new ArrayDeque<>();
        push(todo, absolute);
        Path current = root;
        Path missing = null; // the first component found missing, while current is at or below it
        int links = 0;
        while (!todo.isEmpty()) {
            String name = todo.pop();
            if (name.equals("..")) {
                if (!current.equals(root)) {
                    current = current.getParent();
                    if (missing != null && !current.startsWith(missing)) {
                        missing = null;
                    }
                }
                continue;
            }
            Path next = current.resolve(name);
            if ((todo.isEmpty() && !followLast) || missing != null) {
                current = next;
                continue;
            }
            BasicFileAttributes attributes;
            try {
                attributes = Files.readAttributes(next, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                missing = next;
                current = next;
                continue;
            } catch (IOException e) {
                attributes = null; // as Files.isSymbolicLink: not a link (a directory without search permission, say)
            }
            if (attributes == null || !attributes.isSymbolicLink()) {
                current = next;
                continue;
            }
            if (++links > MAX_LINKS) {
                throw new DisktuneException(ExitCode.USAGE, absolute + " under " + root
                        + ": too many levels of symbolic links; fix the links in the tree");
            }
            String target;
            try {
                target = Files.readSymbolicLink(next).toString();
            } catch (IOException e) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read the symbolic link " + next + ": " + e.getMessage());
            }
            push(todo, target);
            if (target.startsWith("/")) {
                current = root;
            }
        }
        return current;
    }

    /** Puts the components of {@code path} in front of what is left to resolve, in order; "" and "." vanish. */
    private static void push(Deque<String> todo, String path) {
        int end = path.length();
        while (end > 0) { // from the last name back to the first, so that the first ends on top
            int slash = path.lastIndexOf('/', end - 1);
            if (end - slash - 1 > 0 && !(end - slash - 1 == 1 && path.charAt(slash + 1) == '.')) {
                todo.push(path.substring(slash + 1, end));
            }
            end = slash < 0 ? 0 : slash;
        }
    }
}
