import Benchmark
import BenchmarkSupport
import FlowLayout
import LayoutGeometry

/// LayoutEngine and the naive peer (`NaiveFlow`) on the 100,000 items, in the same iteration,
/// one after the other; each ratio is the peer's time over LayoutEngine's, ×1000.
/// - full layout: `BasicFlowLayout(configuration:sizes:)` / the peer computing every frame once;
/// - items in rect: 4 screenfuls; LayoutEngine answers from its layout (the same 4 rects 256
///   times), the peer computes every frame again per query and filters them all.
func registerPeerBenchmarks() {
    let metrics = [Metrics.ratioLayout, Metrics.ratioRect, Metrics.peerRectNs, Metrics.rectNs]
    Benchmark("Peer.Items100K.Ratio",
              configuration: configuration("Peer.Items100K.Ratio", metrics: metrics, maxDuration: .seconds(4),
                                           maxIterations: 100, warmupIterations: 1)) { (benchmark: Benchmark, fixture: (NaiveFlow, [Rect])) in
        let (peer, allScreens) = fixture
        let clock = ContinuousClock()
        var layout: BasicFlowLayout? = nil
        let ours = clock.measure { layout = Items.layout() }
        let theirs = clock.measure { blackHole(peer.frames()) }
        guard let layout else { return }

        let start = (benchmark.currentIteration * 4) % (allScreens.count - 4)
        let screens = allScreens[start..<start + 4]
        let repeats = 256
        let oursRect = clock.measure {
            for _ in 0..<repeats { for r in screens { blackHole(layout.indexPathsForItems(in: r)) } }
        }
        let theirsRect = clock.measure { for r in screens { blackHole(peer.indexPathsForItems(in: r)) } }
        let oursPer = nanoseconds(oursRect) / Double(repeats * screens.count)
        let theirsPer = nanoseconds(theirsRect) / Double(screens.count)
        benchmark.measurement(Metrics.ratioLayout, Int((1_000 * nanoseconds(theirs) / nanoseconds(ours)).rounded()))
        benchmark.measurement(Metrics.ratioRect, Int((1_000 * theirsPer / oursPer).rounded()))
        benchmark.measurement(Metrics.peerRectNs, Int(theirsPer.rounded()))
        benchmark.measurement(Metrics.rectNs, Int(oursPer.rounded()))
    } setup: {
        let c = Items.configuration
        let peer = NaiveFlow(sizes: Items.sizes, width: c.containerSize.width, spacing: c.minimumInteritemSpacing,
                             lineSpacing: c.minimumLineSpacing)
        let layout = Items.layout()
        // Both compute the same frames and answer the same items.
        let frames = peer.frames()
        for (i, f) in frames.enumerated() {
            guard let g = layout.frameForItem(at: IndexPath(item: i, section: 0)),
                  abs(g.minX - f.minX) < 1e-6, abs(g.minY - f.minY) < 1e-6, g.size == f.size
            else {
                fixtureFailure("Peer.Items100K.Ratio: item \(i): the peer's frame \(f), LayoutEngine's "
                               + "\(String(describing: layout.frameForItem(at: IndexPath(item: i, section: 0))))")
            }
        }
        let screens = Items.screens(contentHeight: layout.contentSize.height)
        for r in screens.prefix(16) where layout.indexPathsForItems(in: r) != peer.indexPathsForItems(in: r) {
            fixtureFailure("Peer.Items100K.Ratio: the peer and LayoutEngine find different items in \(r)")
        }
        return (peer, screens)
    }
}
