#!/bin/sh
# Regenerates the bundled QEMU sample machines (src/main/resources/org/disktune/samples/qemu-*.machine)
# with src/test/java/org/disktune/host/SampleImporter.java. The build never runs this; the tests
# re-derive the log-based samples from the copies in src/test/resources/samples/ and check the
# tree-based ones against EXPECTED.json.
# usage: src/test/scripts/import-samples.sh [SHARED]   (SHARED = the lab's shared dir, default /work/shared;
#        the snapshot trees come from SHARED/fixtures/sysfs/{ahci,piix}, the logs from src/test/resources/samples/)
set -eu
cd "$(dirname "$0")/../../.."
SHARED="${1:-/work/shared}"
OUT=src/main/resources/org/disktune/samples
LOGS=src/test/resources/samples
mvn -q -B test-compile
mvn -q -B dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/import-samples.cp
CP="target/classes:target/test-classes:$(cat target/import-samples.cp)"
desc() { awk -F'\t' -v n="$1" '$1 == n { print $2 }' "$OUT/index.tsv"; }
run() { java -cp "$CP" org.disktune.host.SampleImporter "$1" "$2" "$3" "$(desc "$2")" "$OUT/$2.machine"; }
run tree qemu-ahci "$SHARED/fixtures/sysfs/ahci"
run tree qemu-piix "$SHARED/fixtures/sysfs/piix"
run log qemu-virtio-nvme "$LOGS/virtio-nvme.log"
run log qemu-ahci-noncq "$LOGS/ahci-noncq-cmdline.log"
