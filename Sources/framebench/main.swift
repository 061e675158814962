import Foundation
import Harness

exit(FrameBenchCommand.main(Array(CommandLine.arguments.dropFirst())))
