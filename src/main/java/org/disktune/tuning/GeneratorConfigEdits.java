package org.disktune.tuning;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.disktune.apply.Change;
import org.disktune.apply.DeleteFile;
import org.disktune.apply.WriteFile;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;
import org.disktune.initramfs.config.DetectedGenerator;
import org.disktune.initramfs.config.DracutConf;
import org.disktune.initramfs.config.DropInRenderer;
import org.disktune.initramfs.config.InitramfsGeneratorDetector;
import org.disktune.initramfs.config.MkinitcpioConf;
import org.disktune.initramfs.config.MkinitcpioFilesEditor;
import org.disktune.initramfs.config.MkinitcpioPlacement;
import org.disktune.modprobe.DisktuneModprobeFile;

/**
 * The initramfs generator configuration that carries disktune's modprobe file into the image, for
 * {@link ModuleOptionPlanner}: mkinitcpio's FILES (in /etc/mkinitcpio.conf or disktune's drop-in, as
 * {@link MkinitcpioPlacement} chooses), dracut's drop-in with {@code install_items+=}, nothing for initramfs-tools
 * (which copies /etc/modprobe.d itself); and the edits that take the file out again when it goes.
 */
final class GeneratorConfigEdits {
    private static final String PATH = DisktuneModprobeFile.PATH;

    private final Host host;

    GeneratorConfigEdits(Host host) {
        this.host = host;
    }

    /** The edits that make the generator take (or, with {@code include} false, no longer name) the file. */
    List<Change> edits(DetectedGenerator generator, boolean include) {
        return switch (generator.kind()) {
            case MKINITCPIO -> mkinitcpio(generator, include);
            case DRACUT -> dracut(generator.dracutConf(), include);
            case INITRAMFS_TOOLS -> List.of();
        };
    }

    private List<Change> mkinitcpio(DetectedGenerator generator, boolean include) {
        String main = InitramfsGeneratorDetector.MKINITCPIO_CONF;
        String dropIn = DropInRenderer.MKINITCPIO_DROP_IN;
        byte[] mainBytes = read(main);
        byte[] dropInBytes = read(dropIn);
        MkinitcpioFilesEditor editor = new MkinitcpioFilesEditor(main);
        List<Change> changes = new ArrayList<>();
        if (!include) {
            if (mainBytes != null) {
                byte[] edited = editor.remove(mainBytes, PATH);
                if (!Arrays.equals(edited, mainBytes)) {
                    changes.add(new WriteFile(main, mainBytes, edited, "take " + PATH + " out of FILES in " + main));
                }
            }
            if (dropInBytes != null) {
                changes.add(new DeleteFile(dropIn, dropInBytes, "remove disktune's mkinitcpio drop-in: " + PATH + " is gone"));
            }
            return changes;
        }
        MkinitcpioConf conf = mainBytes == null ? null : editor.parse(mainBytes);
        if (conf != null && conf.files().contains(PATH)) {
            return changes;
        }
        MkinitcpioPlacement placement;
        if (conf == null) {
            Integer version = generator.majorVersion();
            if (version == null || version < 36) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, main + " does not exist and mkinitcpio "
                        + (version == null ? "of unknown version" : version) + " reads no drop-ins; reinstall the mkinitcpio package");
            }
            placement = new MkinitcpioPlacement(MkinitcpioPlacement.Target.DROP_IN, "mkinitcpio " + version + " reads " + dropIn);
        } else {
            placement = MkinitcpioPlacement.choose(generator.majorVersion(), conf, generator.presets());
        }
        if (placement.target() == MkinitcpioPlacement.Target.MAIN_CONFIG) {
            changes.add(new WriteFile(main, mainBytes, editor.add(mainBytes, PATH),
                    "put " + PATH + " into the initramfs: " + placement.reason()));
        } else {
            byte[] wanted = new DropInRenderer().mkinitcpio(PATH);
            if (!Arrays.equals(wanted, dropInBytes)) {
                changes.add(new WriteFile(dropIn, dropInBytes, wanted, "put " + PATH + " into the initramfs: " + placement.reason()));
            }
        }
        return changes;
    }

    private List<Change> dracut(DracutConf conf, boolean include) {
        String dropIn = DropInRenderer.DRACUT_DROP_IN;
        byte[] current = read(dropIn);
        if (!include) {
            return current == null ? List.of()
                    : List.of(new DeleteFile(dropIn, current, "remove disktune's dracut drop-in: " + PATH + " is gone"));
        }
        byte[] wanted = new DropInRenderer().dracut(PATH);
        if (Arrays.equals(current, wanted) || (current == null && conf != null && conf.installs(PATH))) {
            return List.of();
        }
        return List.of(new WriteFile(dropIn, current, wanted, "put " + PATH + " into the initramfs: dracut installs the files named in "
                + "install_items (it copies /etc/modprobe.d only in host-only mode)"));
    }

    private byte[] read(String machinePath) {
        return host.fileBytesOrNull(machinePath);
    }
}
