import Benchmark
import BenchmarkSupport
import TableLayout

/// What 1 M estimated rows cost: the heap bytes in use (glibc `mallinfo2`, chunk overhead
/// included) after building the table minus before, with the table alive, divided by the rows.
/// The description is made before and is not counted. Rows carry an `Int` id (`RowID`, 8 bytes:
/// what an app keeps to find its model); the same without a payload is reported beside it.
func registerMemoryBenchmarks() {
    let metrics = [Metrics.bytesPerRow, Metrics.bytesPerRowEmpty, Metrics.heapBytes, .wallClock, .peakMemoryResident]
    Benchmark("Rows1M.Memory.Estimated",
              configuration: configuration("Rows1M.Memory.Estimated", metrics: metrics, maxIterations: 10,
                                           warmupIterations: 1)) { (benchmark: Benchmark, sections: [TableSection<RowID>]) in
        let n = MillionRows.count
        guard HeapUsage.isAvailable else { fixtureFailure("Rows1M.Memory.Estimated: mallinfo2 is not available (glibc ≥ 2.33 needed)") }
        let before = HeapUsage.bytesInUse
        let table = MillionRows.build(MillionRows.estimatedConfiguration, sections, sizer: MillionRows.sizer)
        let bytes = HeapUsage.bytesInUse - before
        blackHole(table)

        let empty = [TableSection<EmptyContent>(header: .none, count: n, row: TableRow(height: .automatic), footer: .none)]
        let before2 = HeapUsage.bytesInUse
        let emptyTable = MillionRows.build(MillionRows.estimatedConfiguration, empty,
                                           sizer: ClosureSizer<EmptyContent> { _ in 44 })
        let bytes2 = HeapUsage.bytesInUse - before2
        blackHole(emptyTable)

        benchmark.measurement(Metrics.heapBytes, bytes)
        benchmark.measurement(Metrics.bytesPerRow, (bytes + n - 1) / n)
        benchmark.measurement(Metrics.bytesPerRowEmpty, (bytes2 + n - 1) / n)
    } setup: {
        MillionRows.estimatedSections()
    }
}
