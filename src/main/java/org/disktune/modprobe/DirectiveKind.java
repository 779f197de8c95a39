package org.disktune.modprobe;

/** The statements kmod understands in modprobe.d files. */
public enum DirectiveKind {
    ALIAS("alias"),
    BLACKLIST("blacklist"),
    OPTIONS("options"),
    INSTALL("install"),
    REMOVE("remove"),
    SOFTDEP("softdep"),
    WEAKDEP("weakdep");

    private final String keyword;

    DirectiveKind(String keyword) {
        this.keyword = keyword;
    }

    public String keyword() {
        return keyword;
    }
}
