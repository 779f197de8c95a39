package org.disktune;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The one side-effect boundary: only org.disktune.host touches files by name, processes and JNA. */
class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.disktune");
    }


    @Test
    void onlyTheHostUsesJavaIoFile() {
        noClasses().that().resideOutsideOfPackage("org.disktune.host..")
                .should().dependOnClassesThat().haveFullyQualifiedName("java.io.File")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileInputStream")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileOutputStream")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileReader")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileWriter")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.RandomAccessFile")
                .check(classes);
    }

    @Test
    void onlyTheHostStartsProcesses() {
        noClasses().that().resideOutsideOfPackage("org.disktune.host..")
                .should().dependOnClassesThat().haveFullyQualifiedName("java.lang.ProcessBuilder")
                .orShould().callMethod(Runtime.class, "exec", String.class)
                .orShould().callMethod(Runtime.class, "exec", String[].class)
                .check(classes);
    }

    @Test
    void onlyTheHostUsesJna() {
        noClasses().that().resideOutsideOfPackage("org.disktune.host..")
                .should().dependOnClassesThat().resideInAPackage("com.sun.jna..")
                .check(classes);
    }

    @Test
    void onlyTheHostAndTheCommandLineTurnStringsIntoDefaultFileSystemPaths() {
        // Path.of/Paths.get resolve against the real file system: feature code must go through Host.path().
        // The command line may turn a user's argument (--root DIR, an image file) into a Path.
        noClasses().that().resideOutsideOfPackages("org.disktune.host..", "org.disktune.cli..")
                .should().callMethod(java.nio.file.Paths.class, "get", String.class, String[].class)
                .orShould().callMethod(java.nio.file.Path.class, "of", String.class, String[].class)
                .orShould().callMethod(java.nio.file.FileSystems.class, "getDefault")
                .check(classes);
    }

    @Test
    void noCodeOutsideTheHostResolvesAnAbsolutePathAgainstAHostPath() throws java.io.IOException {
        // host.path("/etc").resolve("/boot") would leave the host's root: the bytecode cannot show the
        // argument, the source can
        java.util.regex.Pattern absoluteResolve = java.util.regex.Pattern.compile("\\.resolve(Sibling)?\\(\\s*\"/");
        java.util.List<String> offenders = new java.util.ArrayList<>();
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(java.nio.file.Path.of("src/main/java"))) {
            for (java.nio.file.Path file : (Iterable<java.nio.file.Path>) files::iterator) {
                if (!file.toString().endsWith(".java") || file.toString().contains("/org/disktune/host/")) {
                    continue;
                }
                java.util.List<String> lines = java.nio.file.Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    if (absoluteResolve.matcher(lines.get(i)).find()) {
                        offenders.add(file + ":" + (i + 1));
                    }
                }
            }
        }
        org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), offenders, "resolve an absolute machine path with host.path() instead");
    }

    @Test
    void featurePackagesDoNotDependOnTheCommandLine() {
        noClasses().that().resideOutsideOfPackage("org.disktune.cli..")
                .should().dependOnClassesThat().resideInAPackage("org.disktune.cli..")
                .orShould().dependOnClassesThat().resideInAPackage("picocli..")
                .check(classes);
    }
    @Test
    void onlyTheHostChangesFilesExceptScratchFilesAndFilesTheUserNames() {
        // System files change only through host (AtomicFileWriter, HostLock) driven by apply's executor. Two
        // exceptions, each about files that are not the machine's: bench.workload's scratch files in the directory
        // the user names as a benchmark target (removed afterwards), and cli writing a file the user names
        // (--out of bench plot).
        noClasses().that().resideOutsideOfPackages("org.disktune.host..", "org.disktune.bench.workload..", "org.disktune.cli..")
                .should().callMethodWhere(com.tngtech.archunit.base.DescribedPredicate.describe("a java.nio.file.Files method that changes the file system",
                        call -> call.getTargetOwner().isEquivalentTo(java.nio.file.Files.class)
                                && MUTATING_FILES_METHODS.matcher(call.getName()).matches()))
                .check(classes);
    }

    private static final java.util.regex.Pattern MUTATING_FILES_METHODS = java.util.regex.Pattern.compile(
            "write.*|delete.*|move|copy|create.*|newOutputStream|newBufferedWriter|set.*");

    @Test
    void atomicWritesComeFromTheExecutorAndDisktunesOwnStateFiles() {
        // A write to the machine is a Change executed by apply.PlanExecutor (journaled, backed up, undoable). The
        // other writers keep disktune's own state under /var/lib/disktune (not the user's configuration): bench
        // results and baselines, the boot unit's status, verify's metrics file for node_exporter (read while written),
        // and verify's remembered initramfs verdicts (initramfs.ImageVerdicts).
        noClasses().that().resideOutsideOfPackages("org.disktune.host..", "org.disktune.apply..", "org.disktune.bench.store..")
                .and().doNotHaveFullyQualifiedName("org.disktune.bench.run.Baselines")
                .and().doNotHaveFullyQualifiedName("org.disktune.tuning.BootStatus")
                .and().doNotHaveFullyQualifiedName("org.disktune.verify.PrometheusFile")
                .and().doNotHaveFullyQualifiedName("org.disktune.initramfs.ImageVerdicts")
                .should().dependOnClassesThat().haveFullyQualifiedName("org.disktune.host.AtomicFileWriter")
                .check(classes);
    }

    @Test
    void programsThatChangeTheMachineRunOnlyFromApply() {
        // CommandRunner.run is for programs that change something (generators, hdparm -W0, udevadm trigger): only
        // apply runs them, from a plan. Reading programs (hdparm -B to read APM) use CommandRunner.query.
        noClasses().that().resideOutsideOfPackages("org.disktune.host..", "org.disktune.apply..")
                .should().callMethodWhere(com.tngtech.archunit.base.DescribedPredicate.describe("CommandRunner.run",
                        call -> call.getTargetOwner().isAssignableTo(org.disktune.host.CommandRunner.class) && call.getName().equals("run")))
                .check(classes);
    }

    @Test
    void packagesHaveNoCycles() {
        slices().matching("org.disktune.(*)..").should().beFreeOfCycles().check(classes);
    }
}
