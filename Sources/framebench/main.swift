import BenchmarkScenes
import Foundation
import Harness
import Workloads

DeterministicHashing.ensure()  // exact allocation counts between runs need a fixed hash seed
StandardStreams.reportWriteErrorsInsteadOfSignals()
WorkloadCatalog.register(BenchmarkScenes.all)
exit(FrameBenchCommand.main(Array(CommandLine.arguments.dropFirst())))
