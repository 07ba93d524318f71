import BenchmarkSupport
import PangoPeer

/// The Pango 1.50 peer (`Sources/PangoPeer`) loaded with the oracle corpus. One per process,
/// used from one thread at a time (the benchmark's).
final class PangoCorpus: @unchecked Sendable {
    private let peer: OpaquePointer

    static let shared = PangoCorpus()

    private init() {
        var error = [CChar](repeating: 0, count: 512)
        guard let peer = pango_peer_create(RepositoryPaths.latinFont, RepositoryPaths.cjkFont, &error, error.count) else {
            fixtureFailure("Pango peer: " + String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.peer = peer
        for c in OracleCorpus.cases {
            let index = pango_peer_add_case(peer, c.isCJK ? 1 : 0, Int32(c.size), c.width, c.wrapsAnywhere ? 1 : 0, c.text)
            if index < 0 { fixtureFailure("Pango peer refused case \(c.id)") }
        }
    }

    deinit { pango_peer_destroy(peer) }

    static var version: String { String(cString: pango_peer_pango_version()) }

    /// One pass over the corpus (checksum of heights and line counts).
    func pass() -> Int { pango_peer_pass(peer) }

    /// Cases whose line count differs from the one `pango_measure.py` recorded (should be none:
    /// the peer must measure exactly what the oracle's Pango measured).
    func mismatches() -> [String] {
        let expected = OracleCorpus.pangoLineCounts()
        var bad: [String] = []
        for (i, c) in OracleCorpus.cases.enumerated() {
            let n = Int(pango_peer_layout_case(peer, Int32(i), nil))
            if expected[c.id] != n { bad.append("\(c.id): \(n) lines, oracle \(expected[c.id].map(String.init) ?? "?")") }
        }
        return bad
    }
}
