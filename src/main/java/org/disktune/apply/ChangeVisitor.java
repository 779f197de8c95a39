package org.disktune.apply;

/**
 * One method per kind of {@link Change}: code that handles every kind implements this, so that a new
 * permitted type breaks the build until each such place handles it (Java 17 has no pattern switch).
 */
public interface ChangeVisitor<R> {
    R writeFile(WriteFile change);

    R deleteFile(DeleteFile change);

    R runProgram(RunProgram change);

    R verify(Verify change);

    R writeAttribute(WriteAttribute change);

    R programSetting(ProgramSetting change);

    R writeReadAhead(WriteReadAhead change);
}
