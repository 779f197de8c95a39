package org.disktune.modprobe;

/**
 * The driver knowledge disktune ships, as {@link DriverCatalog} reads it: TAB-separated, '#' comment lines, the
 * columns named in the first lines. Kept in a class, not a resource file: reading a resource opens and indexes
 * the whole jar (5,000 entries), which cost a detect or a verify more than the rest of the catalogue's work;
 * classes come from the class-data archive (docs/performance.md). Edit the table here; DriverCatalogTest checks it.
 */
final class DriverTable {
    // the lines below are TAB-separated; a text block keeps the TABs as they are
    static final String TSV = """
# Driver knowledge: module parameters disktune knows, checked against Linux source.
# Columns (TAB-separated): module, parameter, type (bool|int|ulong|libata_force), range (int: MIN..MAX),
# default (current kernels), sysfs (permission of /sys/module/M/parameters/P; 0 = not visible),
# pci_ids (vendor:device the parameter matters for; - = every device the module drives),
# effect (what changes after the module loads with it), source (where this was checked).
sata_nv	adma	bool	-	N	0444	10de:0054,10de:0055,10de:0036,10de:003e	ADMA mode on CK804/MCP04 (nForce4) controllers: the kernel log says 'Using ADMA mode' and an NCQ-capable disk shows 'NCQ (depth 31/32)' on 2.6 kernels or 'NCQ (depth 31)'-style depth > 0 instead of 'depth 0/32'; ignored on other nVidia chips	drivers/ata/sata_nv.c: module_param_named(adma, adma_enabled, bool, 0444), Default: false; nv_pci_tbl CK804/MCP04 ids (pci_ids.h 0x0054 0x0055 0x0036 0x003e); 2.6.2x kernels defaulted to true
sata_nv	swncq	bool	-	Y	0444	10de:0266,10de:0267,10de:037e,10de:037f	software NCQ on MCP51/MCP55 controllers: the kernel log says 'Using SWNCQ mode' and an NCQ-capable disk shows an NCQ depth > 0; swncq=0 turns NCQ off there ('depth 0/32'); ignored on other nVidia chips	drivers/ata/sata_nv.c: module_param_named(swncq, swncq_enabled, bool, 0444), Default: true; nv_pci_tbl MCP5x ids (pci_ids.h 0x0266 0x0267 0x037E 0x037F)
sata_nv	msi	bool	-	N	0444	-	MSI interrupts for the controller: the kernel log says 'Using MSI'; no change to NCQ	drivers/ata/sata_nv.c: module_param_named(msi, msi_enabled, bool, 0444), Default: false
sata_sil	slow_down	int	0..1	0	0444	-	1 limits every command to 15 sectors (a workaround for broken drives); slower transfers; sata_sil has no NCQ either way	drivers/ata/sata_sil.c: module_param(slow_down, int, 0444), (0=off, 1=on)
libata	force	libata_force	-		0	-	per port/device overrides applied at probe: noncq -> 'FORCE: horkage modified (noncq)' then 'NCQ (not used)' and device/queue_depth 1; ncq re-enables NCQ; 1.5Gbps/3.0Gbps -> 'SATA link up 1.5 Gbps'; udmaN/mwdmaN/pioN -> 'configured for UDMA/..'; nolpm disables link power management	Documentation/admin-guide/kernel-parameters.txt libata.force and drivers/ata/libata-core.c force_tbl; the parameter has permission 0 so it is not visible in sysfs
ahci	marvell_enable	int	0..1	1	0644	-	1 lets ahci drive Marvell SATA controllers (0 when pata_marvell is built)	drivers/ata/ahci.c: module_param(marvell_enable, int, 0644)
ahci	mobile_lpm_policy	int	-1..5	-1	0644	-	default SATA link power management policy at probe (-1 = kernel config default, 0 keep firmware setting, 1 max performance, 2 medium power, 3 medium power with DIPM, 4/5 min power); shown in /sys/class/scsi_host/hostN/link_power_management_policy	drivers/ata/ahci.c: module_param(mobile_lpm_policy, int, 0644); values from kernel-parameters.txt and enum ata_lpm_policy
libahci	ignore_sss	int	0..1	0	0444	-	1 ignores the staggered spin-up flag: all ports spin up at once	drivers/ata/libahci.c: module_param_named(ignore_sss, ahci_ignore_sss, int, 0444) (0=don't ignore, 1=ignore)
libahci	skip_host_reset	int	0..1	0	0444	-	1 skips the global AHCI host reset at probe	drivers/ata/libahci.c: module_param_named(skip_host_reset, ahci_skip_host_reset, int, 0444) (0=don't skip, 1=skip)
nvme_core	default_ps_max_latency_us	ulong	0..18446744073709551615	100000	0644	-	upper bound on NVMe autonomous power-state transition latency; 0 disables APST (deeper power states are never entered)	drivers/nvme/host/core.c: module_param(default_ps_max_latency_us, ulong, 0644)
""";

    private DriverTable() {
    }
}
