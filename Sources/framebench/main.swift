import Harness
import Foundation

DeterministicHashing.ensure()  // exact allocation counts between runs need a fixed hash seed
StandardStreams.reportWriteErrorsInsteadOfSignals()
exit(FrameBenchCommand.main(Array(CommandLine.arguments.dropFirst())))
