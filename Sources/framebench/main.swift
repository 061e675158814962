import FrameBenchCLI

// The command line lives in the FrameBenchCLI library, so a package of its own gets it over its own catalog.
FrameBenchCLI.main(catalog: FrameBenchCLI.builtInCatalog, programName: "framebench")
