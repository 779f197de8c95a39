package org.disktune;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

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
    void featurePackagesDoNotDependOnTheCommandLine() {
        noClasses().that().resideOutsideOfPackage("org.disktune.cli..")
                .should().dependOnClassesThat().resideInAPackage("org.disktune.cli..")
                .orShould().dependOnClassesThat().resideInAPackage("picocli..")
                .check(classes);
    }
}
