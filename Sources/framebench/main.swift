import BenchmarkScenes
import Foundation
import Harness
import Workloads

StandardStreams.reportWriteErrorsInsteadOfSignals()
WorkloadCatalog.register(BenchmarkScenes.all)
exit(FrameBenchCommand.main(Array(CommandLine.arguments.dropFirst())))
