package org.disktune.host;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The file-system steps around an {@link AtomicFileWriter} replacement: missing directories made with explicit
 * modes whatever the umask, links refused, a new file's mode and owner taken from the file it replaces, and a
 * directory fsynced so that a rename survives a crash.
 */
final class FileSteps {
    /** rw-r--r--: a new file with no file to copy its mode from. */
    private static final Set<PosixFilePermission> NEW_FILE_MODE = PosixFilePermissions.fromString("rw-r--r--");

    private FileSteps() {
    }

    static List<Path> createDirectories(Path directory, boolean createParents, Path target) throws IOException {
        if (Files.isDirectory(directory)) {
            return List.of();
        }
        if (!createParents) {
            throw new NoSuchFileException(directory.toString(), null, "directory does not exist");
        }
        List<Path> missing = new ArrayList<>();
        for (Path p = directory; p != null && !Files.exists(p); p = p.getParent()) {
            missing.add(0, p);
        }
        for (Path p : missing) {
            Files.createDirectory(p);
            if (Files.getFileAttributeView(p, PosixFileAttributeView.class) != null) { // explicit, whatever the umask
                Files.setPosixFilePermissions(p, Beneath.modeOf(p) == Beneath.STATE_DIRECTORY
                        ? PosixFilePermissions.fromString("rwx------") : PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        syncDirectory(missing.isEmpty() ? directory : missing.get(0).getParent());
        return List.copyOf(missing);
    }

    static void refuseLink(Path target) throws IOException {
        if (Files.isSymbolicLink(target)) {
            throw new FileSystemException(target.toString(), null, "is a symbolic link; disktune does not replace links");
        }
    }

    /**
     * Gives {@code temp} the mode, owner and group of {@code model}, or 0644 when there is none. A file of disktune's
     * state ({@code state}: a backup, a journal entry) keeps its creator (root) as owner and is never writable by group
     * or others, whatever the file it copies: only such state is trusted when it is read back ({@link TrustedState}).
     */
    static void copyOwnershipAndMode(Path model, Path temp, boolean state) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
        if (view == null) {
            return;
        }
        if (model == null) {
            view.setPermissions(NEW_FILE_MODE);
            return;
        }
        PosixFileAttributes wanted = Files.readAttributes(model, PosixFileAttributes.class);
        Set<PosixFilePermission> permissions = java.util.EnumSet.noneOf(PosixFilePermission.class);
        permissions.addAll(wanted.permissions());
        if (state) {
            permissions.remove(PosixFilePermission.GROUP_WRITE);
            permissions.remove(PosixFilePermission.OTHERS_WRITE);
            view.setPermissions(permissions);
            return;
        }
        PosixFileAttributes now = view.readAttributes();
        UserPrincipal owner = wanted.owner();
        GroupPrincipal group = wanted.group();
        if (!owner.equals(now.owner())) {
            view.setOwner(owner);
        }
        if (!group.equals(now.group())) {
            view.setGroup(group);
        }
        view.setPermissions(permissions);
    }

    /** fsync of a directory, so that a rename survives a crash; skipped where unsupported. */
    static void syncDirectory(Path directory) {
        if (directory == null) {
            return;
        }
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // Jimfs and some network file systems cannot open or fsync a directory
        }
    }
}
