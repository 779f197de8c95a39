package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** LoadableSchedulers' release and scheduler-name regexes on real names and on what must not pass as one. */
class LoadableSchedulersMatchersTest {
    @Test
    void releaseNamesOneDirectory() {
        for (String release : new String[] {"6.1.0-28-amd64", "2.6.32-754.el6.x86_64", "5.15.0+", "6.8~rc1", "_test"}) {
            assertTrue(LoadableSchedulers.isRelease(release), release);
        }
        for (String release : new String[] {"", ".", "..", "-6.1", ".hidden", "6.1/../../etc", "6.1 0", "6.1\n", "6.\u0661"}) {
            assertFalse(LoadableSchedulers.isRelease(release), release);
        }
    }

    @Test
    void schedulerNameIsLowerCase() {
        for (String name : new String[] {"bfq", "kyber", "mq-deadline", "cfq_old", "0x"}) {
            assertTrue(LoadableSchedulers.isName(name), name);
        }
        for (String name : new String[] {"", "-bfq", "_x", "BFQ", "bfq.ko", "bfq iosched", "b\u0131q"}) {
            assertFalse(LoadableSchedulers.isName(name), name);
        }
    }
}
