/**
 * The {@code hdparm} program as data: the argument lists that set and query the hdparm-class settings
 * ({@link org.disktune.hdparm.HdparmArgs}), the values in its output ({@link org.disktune.hdparm.HdparmOutputParser}),
 * and Debian's {@code /etc/hdparm.conf} ({@link org.disktune.hdparm.HdparmConfParser}), which the hdparm package
 * applies at every hotplug and which would fight a disktune setting for the same disk
 * ({@link org.disktune.tuning.HdparmConfOverlap}, in tuning since it weighs tuning settings). Nothing here runs a program or reads a file.
 */
package org.disktune.hdparm;
