import Benchmark
import BenchmarkSupport
import LayoutGeometry
import TableLayout

/// LayoutEngine and the naive peer (`NaiveTable.swift`) doing the same work in the same
/// iteration, one after the other, so that both see the same load on a shared machine; each
/// ratio is the peer's time over LayoutEngine's, ×1000.
func registerPeerBenchmarks() {
    registerTextPeerBenchmark()
    registerMillionRowPeerBenchmark()
}

/// 1,000 self-sizing text rows.
/// - cold layout: caches emptied, then LayoutEngine builds the table (every row measured) / the
///   peer runs one layout pass (every row's `heightForRowAt`);
/// - new width: LayoutEngine's `setWidth` (every row measured again) / one peer pass at that width;
/// - layout pass: what a scrolling frame asks — the content size, the visible rows and their
///   rects, the row under a touch — for 8 frames down the table: LayoutEngine answers from its
///   layout, the peer asks every row's height again each frame (UIKit without estimates; the
///   tutorial's `heightForRowAt` measures text each time) and adds heights from the top.
private func registerTextPeerBenchmark() {
    let metrics = [Metrics.ratioCold, Metrics.ratioRelayout, Metrics.ratioPass, Metrics.peerPassNs, Metrics.passNs]
    let widths = [414.0, 375]  // built at 375 (`TextRows.tableWidth`), re-laid out at 414
    Benchmark("Peer.Text1000.Ratio",
              configuration: configuration("Peer.Text1000.Ratio", metrics: metrics, maxDuration: .seconds(4),
                                           maxIterations: 100, warmupIterations: 1)) { (benchmark: Benchmark, fixture: (NaiveTextTable, [TableSection<TextRow>])) in
        let (peer, sections) = fixture
        let engine = Engines.standard
        let clock = ContinuousClock()
        let viewport = 667.0

        var table: TableViewLayout<TextRow>? = nil
        engine.clearCaches()
        let ours = try clock.measure {
            table = try TableViewLayout(configuration: TextRows.configuration(), sections: sections, sizer: TextRows.sizer)
        }
        engine.clearCaches()
        let theirs = try clock.measure { blackHole(try peer.layoutPass(tableWidth: TextRows.tableWidth)) }
        guard var table else { return }

        let width = widths[0]
        let oursWidth = try clock.measure { try table.setWidth(width) }
        let theirsWidth = try clock.measure { blackHole(try peer.layoutPass(tableWidth: width)) }

        let height = table.contentSize.height
        let offsets = (0..<8).map { Double($0) * (height - viewport) / 7 }
        let oursPass = clock.measure {
            for y in offsets {
                blackHole(table.contentSize)
                for p in table.indexPathsForRows(in: Rect(x: 0, y: y, width: width, height: viewport)) {
                    blackHole(table.rectForRow(at: p))
                }
                blackHole(table.indexPathForRow(at: Point(x: 100, y: y + viewport / 2)))
            }
        }
        let theirsPass = try clock.measure {
            for y in offsets {
                let heights = try peer.layoutPass(tableWidth: width)
                blackHole(heights.reduce(0, +))
                var top = 0.0
                var touched: IndexPath? = nil
                for (row, h) in heights.enumerated() {
                    if top + h > y && top < y + viewport { blackHole(Rect(x: 0, y: top, width: width, height: h)) }
                    if touched == nil && y + viewport / 2 < top + h { touched = IndexPath(row: row, section: 0) }
                    if top >= y + viewport { break }
                    top += h
                }
                blackHole(touched)
            }
        }
        benchmark.measurement(Metrics.ratioCold, Int((1_000 * nanoseconds(theirs) / nanoseconds(ours)).rounded()))
        benchmark.measurement(Metrics.ratioRelayout, Int((1_000 * nanoseconds(theirsWidth) / nanoseconds(oursWidth)).rounded()))
        benchmark.measurement(Metrics.ratioPass, Int((1_000 * nanoseconds(theirsPass) / nanoseconds(oursPass)).rounded()))
        benchmark.measurement(Metrics.peerPassNs, Int(nanoseconds(theirsPass) / 8))
        benchmark.measurement(Metrics.passNs, Int(nanoseconds(oursPass) / 8))
    } setup: {
        let peer = NaiveTextTable(rows: TextRows.workload, engine: Engines.standard, style: TextRows.style)
        let sections = TextRows.sections(TextRows.workload)
        // Both compute the same geometry: the same heights at both widths.
        var table = try TableViewLayout(configuration: TextRows.configuration(), sections: sections, sizer: TextRows.sizer)
        for w in widths.reversed() {
            try table.setWidth(w)
            let heights = try peer.layoutPass(tableWidth: w)
            for (i, h) in heights.enumerated() where table.rectForRow(at: IndexPath(row: i, section: 0)).height != h {
                fixtureFailure("Peer.Text1000.Ratio: the peer's row \(i) at width \(w) is \(h) pt, LayoutEngine's "
                               + "\(table.rectForRow(at: IndexPath(row: i, section: 0)).height) pt")
            }
        }
        return (peer, sections)
    }
}

/// 1,000,000 rows with a fixed height per row.
/// - build: LayoutEngine builds its table from the description / the peer fills its array of
///   heights by asking `heightForRowAt` (here: reading the description) for every row;
/// - indexPathForRow(at:): 32 pseudo-random points, a linear scan from the top for the peer
///   (half a million rows on average), the tree for LayoutEngine (the same points 256 times).
private func registerMillionRowPeerBenchmark() {
    let metrics = [Metrics.ratioLookup, Metrics.ratioBuild, Metrics.peerLookupNs, Metrics.lookupNs]
    Benchmark("Peer.Rows1M.Ratio",
              configuration: configuration("Peer.Rows1M.Ratio", metrics: metrics, maxDuration: .seconds(4),
                                           maxIterations: 100, warmupIterations: 1)) { (benchmark: Benchmark, fixture: ([TableSection<EmptyContent>], [Point])) in
        let (sections, allPoints) = fixture
        let clock = ContinuousClock()
        var table: TableViewLayout<EmptyContent>? = nil
        let ours = clock.measure { table = MillionRows.build(MillionRows.fixedConfiguration, sections) }
        var heights: [Double] = []
        let source = MillionRows.heights  // what `heightForRowAt` answers, row by row
        let theirs = clock.measure {
            heights.reserveCapacity(MillionRows.count)
            for i in 0..<source.count { heights.append(source[i]) }
        }
        guard let table, heights.count == MillionRows.count else {
            fixtureFailure("Peer.Rows1M.Ratio: the peer has \(heights.count) rows")
        }
        let peer = NaiveHeightsTable(heights: heights)

        let start = (benchmark.currentIteration * 32) % (allPoints.count - 32)
        let points = allPoints[start..<start + 32]
        let repeats = 256
        let oursLookup = clock.measure {
            for _ in 0..<repeats { for p in points { blackHole(table.indexPathForRow(at: p)) } }
        }
        let theirsLookup = clock.measure {
            for p in points { blackHole(peer.indexPathForRow(at: p.y)) }
        }
        let oursPer = nanoseconds(oursLookup) / Double(repeats * points.count)
        let theirsPer = nanoseconds(theirsLookup) / Double(points.count)
        benchmark.measurement(Metrics.ratioBuild, Int((1_000 * nanoseconds(theirs) / nanoseconds(ours)).rounded()))
        benchmark.measurement(Metrics.ratioLookup, Int((1_000 * theirsPer / oursPer).rounded()))
        benchmark.measurement(Metrics.peerLookupNs, Int(theirsPer.rounded()))
        benchmark.measurement(Metrics.lookupNs, Int(oursPer.rounded()))
    } setup: {
        let sections = MillionRows.variedSections()
        let table = MillionRows.build(MillionRows.fixedConfiguration, sections)
        let points = MillionRows.points(contentHeight: table.contentSize.height)
        let peer = NaiveHeightsTable(heights: MillionRows.heights)
        // Both answer the same rows.
        for p in points.prefix(64) where table.indexPathForRow(at: p) != peer.indexPathForRow(at: p.y) {
            fixtureFailure("Peer.Rows1M.Ratio: at y = \(p.y) LayoutEngine answers \(String(describing: table.indexPathForRow(at: p))), "
                           + "the peer \(String(describing: peer.indexPathForRow(at: p.y)))")
        }
        return (sections, points)
    }
}
