import Harness
import Foundation

DeterministicHashing.ensure()  // exact allocation counts between runs need a fixed hash seed
StandardStreams.reportWriteErrorsInsteadOfSignals()
// SIGINT, SIGTERM, SIGHUP: end the children, remove scratch, say what was cut short, exit 130/143/129.
TemporaryFiles.install(activity: (["framebench"] + CommandLine.arguments.dropFirst().prefix(4)).joined(separator: " "))
exit(FrameBenchCommand.main(Array(CommandLine.arguments.dropFirst())))
