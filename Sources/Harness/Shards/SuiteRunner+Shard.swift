extension SuiteRunner {
    /// Keeps only the benchmarks of `shard`, split by their cost as they will
    /// run (after command-line overrides), and records the shard and the
    /// whole suite's benchmark names in the results for `merge`.
    ///
    /// Every runner must be given the same suite file, suite and options:
    /// the split is computed from them, and `merge` refuses parts that do
    /// not add up to the suite.
    public mutating func restrict(to shard: Shard) {
        let all = entries
        let plan = ShardPlan(
            entries: all.map { entry in
                switch entry {
                case .scene(let settings): return ShardPlan.Entry(name: settings.name, cost: ShardPlan.cost(of: settings))
                case .program(let program): return ShardPlan.Entry(name: program.name, cost: ShardPlan.cost(of: program))
                }
            },
            count: shard.count)
        let members = Set(plan.members(of: shard.index))
        shardRecord = ShardRecord(shard: shard, suiteBenchmarks: all.map(\.name))
        if order.isEmpty { order = all.map(\.name) }
        benchmarks = benchmarks.filter { members.contains($0.name) }
        programs = programs.filter { members.contains($0.name) }
    }
}
