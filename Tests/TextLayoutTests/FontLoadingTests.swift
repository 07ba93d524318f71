import Foundation
import Testing
@testable import TextLayout

@Suite struct FontLoadingTests {
    let engine = Fixtures.engine

    @Test func familyNameFileStemAndPathResolveToTheSameFace() throws {
        #expect(try engine.familyName(of: "DejaVu Sans") == "DejaVu Sans")
        #expect(try engine.familyName(of: "DejaVuSans") == "DejaVu Sans")
        #expect(try engine.familyName(of: Fixtures.font("DejaVuSans.ttf")) == "DejaVu Sans")
        #expect(try engine.familyName(of: "WenQuanYi Micro Hei") == "WenQuanYi Micro Hei")
        #expect(try engine.familyName(of: "DejaVu Sans Bold") == "DejaVu Sans")
    }

    @Test func metricsComeFromHhea() throws {
        // Oracle README §2: both fonts have unitsPerEm 2048, hhea lineGap 0, no USE_TYPO_METRICS.
        let m = try engine.metrics(of: "DejaVu Sans")
        #expect(m == FontMetrics(unitsPerEm: 2048, ascender: 1901, descender: -483, lineGap: 0))
        let w = try engine.metrics(of: "WenQuanYi Micro Hei")
        #expect(w.ascender == 1918 && w.descender == -483 && w.lineGap == 0 && !w.usesTypoMetrics)
        #expect(m.lineHeight(size: 16) == Double(1901 + 483) * 16 / 2048)  // 18.625, Pango's value
    }

    /// A fresh engine asked for the same fonts from many threads at once reads each file once: the
    /// threads that need a face another is loading wait for it (each loaded its own copy before,
    /// and one was thrown away). The bundle's directory holds three fonts: every one is a fallback.
    @Test func facesAskedForFromManyThreadsAreLoadedOnce() throws {
        for _ in 0..<3 {
            let fresh = try TextEngine(fontDirectory: Fixtures.fontsDirectory)
            DispatchQueue.concurrentPerform(iterations: 8) { i in
                let style = TextStyle(font: i % 2 == 0 ? "DejaVu Sans" : "WenQuanYi Micro Hei", size: 14)
                _ = try? fresh.measure("天气 weather \(i)", style: style, width: 100)
            }
            #expect(fresh.registry.facesLoaded == 3)
            let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.fontsDirectory).filter { $0.hasSuffix(".ttf") }
            #expect(files.count == 3)
        }
    }

    @Test func fontLeadingAddsTheLineGap() {
        let m = FontMetrics(unitsPerEm: 1000, ascender: 800, descender: -200, lineGap: 100)
        #expect(m.lineHeight(size: 10, fontLeading: true) == (800 + 200 + 100) * 10 / 1000)
        #expect(m.lineHeight(size: 10, fontLeading: false) == (800 + 200) * 10 / 1000)
    }

    /// A collection made of DejaVu Sans (face 0) and WenQuanYi Micro Hei (face 1), built here by
    /// concatenating the two files behind a 'ttcf' header and moving their table offsets.
    static func makeCollection() throws -> String {
        let a = try Data(contentsOf: URL(fileURLWithPath: Fixtures.font("DejaVuSans.ttf")))
        let b = try Data(contentsOf: URL(fileURLWithPath: Fixtures.font("WenQuanYiMicroHei.ttf")))
        let header = 12 + 4 * 2
        let offA = header, offB = header + a.count + (4 - a.count % 4) % 4
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func shifted(_ font: Data, by delta: Int) -> Data {
            var f = [UInt8](font)
            let numTables = Int(f[4]) << 8 | Int(f[5])
            for t in 0..<numTables {
                let o = 12 + 16 * t + 8
                let old = Int(f[o]) << 24 | Int(f[o + 1]) << 16 | Int(f[o + 2]) << 8 | Int(f[o + 3])
                f.replaceSubrange(o..<o + 4, with: be32(old + delta))
            }
            return Data(f)
        }
        var out = Data("ttcf".utf8) + Data(be32(0x0001_0000)) + Data(be32(2)) + Data(be32(offA)) + Data(be32(offB))
        out += shifted(a, by: offA)
        out += Data(repeating: 0, count: offB - offA - a.count)
        out += shifted(b, by: offB)
        return Fixtures.temporaryFile("pair.ttc", out)
    }

    @Test func collectionFacesByIndex() throws {
        let path = try Self.makeCollection()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try engine.familyName(of: path) == "DejaVu Sans")
        #expect(try engine.familyName(of: path + "#1") == "WenQuanYi Micro Hei")
        #expect(throws: TextLayoutError.self) { try engine.familyName(of: path + "#2") }
        // Face 1 measures like the standalone WenQuanYi file: an ideograph is 1 em wide.
        let r = try engine.measure("中", style: TextStyle(font: path + "#1", size: 20), width: nil)
        #expect(r.size.width == 20)
        #expect(abs(r.size.height - Fixtures.wqyLineHeight(20)) < 1e-9)
    }

    @Test func missingFontNamesThePath() {
        let e = #expect(throws: TextLayoutError.self) {
            try engine.measure("x", style: TextStyle(font: "/nonexistent/Nope.ttf"), width: nil)
        }
        #expect(e == .fontNotFound(path: "/nonexistent/Nope.ttf"))
        #expect(e?.description.contains("/nonexistent/Nope.ttf") == true)
    }

    @Test func unknownFamilyListsTheAvailableFonts() {
        let e = #expect(throws: TextLayoutError.self) { try engine.measure("x", style: TextStyle(font: "Helvetica"), width: nil) }
        #expect(e?.description.contains("Helvetica") == true)
        #expect(e?.description.contains("DejaVuSans") == true)
    }

    @Test func truncatedFontIsRefusedWithTheFileAndTheReason() throws {
        let full = try Data(contentsOf: URL(fileURLWithPath: Fixtures.font("DejaVuSans.ttf")))
        let path = Fixtures.temporaryFile("cut.ttf", full.prefix(4096))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let e = #expect(throws: TextLayoutError.self) { try engine.measure("x", style: TextStyle(font: path), width: nil) }
        let text = e?.description ?? ""
        #expect(text.contains(path))
        #expect(text.contains("truncated"))
    }

    @Test func textFileIsNotAFont() {
        let path = Fixtures.temporaryFile("notes.ttf", Data("hello, I am not a font at all".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let e = #expect(throws: TextLayoutError.self) { try engine.measure("x", style: TextStyle(font: path), width: nil) }
        #expect(e?.description.contains("not a TrueType/OpenType font") == true)
    }

    @Test func emptyFileIsNotAFont() {
        let path = Fixtures.temporaryFile("empty.ttf", Data())
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: TextLayoutError.self) { try engine.measure("x", style: TextStyle(font: path), width: nil) }
    }

    @Test func freeTypeErrorsCarryFreeTypesCode() throws {
        // A directory that passes our table check but that FreeType refuses: a 'true' sfnt with
        // an intact table directory whose 'head' table is zeros (FreeType: invalid table).
        var f = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.font("DejaVuSans.ttf"))))
        let numTables = Int(f[4]) << 8 | Int(f[5])
        for t in 0..<numTables {
            let r = 12 + 16 * t
            if String(decoding: f[r..<r + 4], as: UTF8.self) == "head" {
                let o = Int(f[r + 8]) << 24 | Int(f[r + 9]) << 16 | Int(f[r + 10]) << 8 | Int(f[r + 11])
                for i in o..<o + 54 { f[i] = 0 }
            }
        }
        let path = Fixtures.temporaryFile("badhead.ttf", Data(f))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let e = #expect(throws: TextLayoutError.self) { try engine.measure("x", style: TextStyle(font: path), width: nil) }
        #expect(e?.description.contains(path) == true)
        if case .fontInvalid(_, let reason, _) = e {
            #expect(!reason.isEmpty)
        } else {
            Issue.record("expected fontInvalid, got \(String(describing: e))")
        }
    }

    @Test func missingFontDirectory() {
        #expect(throws: TextLayoutError.fontDirectoryUnavailable(path: "/no/such/dir")) {
            try TextEngine(fontDirectory: "/no/such/dir")
        }
    }

    /// Chains are read without a lock once resolved (`ChainTable`), up to its capacity, and
    /// under the lock beyond it: from many threads at once, every reference gets the chain it
    /// gets alone, whichever way it was found.
    @Test func chainsResolvedConcurrentlyEqualChainsResolvedAlone() async throws {
        // More distinct references than a lock-free table holds: the same file by other paths.
        let references = ["DejaVu Sans", "WenQuanYi Micro Hei", "DejaVuSans-Bold"]
            + (0..<(ChainTable.capacity + 8)).map { k in
                Fixtures.fontsDirectory + String(repeating: "/.", count: k) + "/DejaVuSans.ttf"
            }
        let alone = try FontRegistry(directory: Fixtures.fontsDirectory)
        let expected = try references.map { try alone.chain(for: $0).faces.map(\.familyName) }
        let shared = try FontRegistry(directory: Fixtures.fontsDirectory)
        let results = try await withThrowingTaskGroup(of: [[String]].self) { group in
            for t in 0..<6 {
                group.addTask {
                    let order = t % 2 == 0 ? Array(references.indices) : references.indices.reversed()
                    var out = [[String]](repeating: [], count: references.count)
                    for _ in 0..<3 {
                        for i in order { out[i] = try shared.chain(for: references[i]).faces.map(\.familyName) }
                    }
                    return out
                }
            }
            var all: [[[String]]] = []
            for try await r in group { all.append(r) }
            return all
        }
        for r in results { #expect(r == expected) }
        // Found again (lock-free or not), a chain is the one resolved first.
        for reference in [references[0], references.last!] {
            #expect(try shared.chain(for: reference).faces.map(ObjectIdentifier.init)
                == shared.chain(for: reference).faces.map(ObjectIdentifier.init))
        }
    }
}
