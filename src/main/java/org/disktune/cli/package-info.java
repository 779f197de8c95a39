/**
 * The command line: picocli commands (each parses its arguments, calls one service and renders the
 * result), the renderers (aligned tables, JSON with a schema_version), and the one place that maps
 * failures to exit codes.
 */
package org.disktune.cli;
