internal import CTextKernels

/// The one-pass preparation of simple text (`le_simple_words`, C): `Preparer.classifySimple`,
/// `UnicodeBreaks.decideBreaks`, `Preparer.resolveScripts` and the word loop of
/// `Preparer.prepareWords` as one loop over the code units, the same values to the bit
/// (`FusedPreparationTests` compares every buffer with the separate passes'). The separate passes
/// cost about 140 instructions a code unit of the feed's text, and as much fused into one Swift
/// loop; the C loop about 119, and 100 once each unit's questions became one load from the
/// chain's unit table (`le_unit_table`, `WordTables.units`).
extension Preparer {
    /// Whether the Swift word key and summary are laid out as the kernel's C structs (they are,
    /// field for field; checked once rather than assumed).
    static let kernelLayoutMatches: Bool =
        MemoryLayout<WordCache.Key>.size == MemoryLayout<le_word_key>.size
        && MemoryLayout<WordCache.Key>.stride == MemoryLayout<le_word_key>.stride
        && MemoryLayout<WordCache.Key>.offset(of: \WordCache.Key.count) == 4
        && MemoryLayout<WordCache.Key>.offset(of: \WordCache.Key.script) == 8
        && MemoryLayout<WordCache.Key>.offset(of: \WordCache.Key.next) == 12
        && MemoryLayout<WordCache.Key>.offset(of: \WordCache.Key.hash) == 16
        && MemoryLayout<WordCache.Summary>.stride == MemoryLayout<le_word_summary>.stride
        && MemoryLayout<WordCache.Summary>.offset(of: \WordCache.Summary.content) == 8
        && MemoryLayout<WordCache.Summary>.offset(of: \WordCache.Summary.mask) == 16
        && MemoryLayout<PreparedParagraph.Kind>.size == 1 && MemoryLayout<Bool>.size == 1
        && MemoryLayout<UnicodeBreaks.Class>.size == 1

    /// Prepares `p` (its code units `buf` written, nothing else) in one pass and finishes its words
    /// (`finishWords`), or returns false — having written nothing the separate passes rely on —
    /// for a text the pass does not take (see `le_simple_words`), a paragraph of 2¹⁵ units or
    /// more, a chain of 64 fonts or more or without word tables. `scripts`: room for each unit's
    /// script; `words`: room for `buf.count` words' scratch (`WordScratch`), or nil for memory of
    /// its own.
    static func prepareSimpleWords(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>, chain: FontChain,
                                   cache: ShapeCache, scripts: UnsafeMutableBufferPointer<UInt32>,
                                   words scratchBlock: UnsafeMutableRawPointer? = nil) -> Bool {
        let n = buf.count
        guard kernelLayoutMatches, n > 0, n < 1 << 15, chain.faces.count < 64, let tables = chain.words,
              let text = buf.baseAddress, let sc = scripts.baseAddress, scripts.count >= n else { return false }
        p.setClusterCount(n, zeroed: false)
        let done = withUnsafePointer(to: chain) { chainAt -> Bool in
            withWordScratch(n, scratchBlock) { scratch -> Bool in
                let block = WordScratch(scratch, words: n)
                let keys = block.keys, summaries = block.summaries, found = block.found
                let result = CharacterTable.scripts.withUnsafeBufferPointer { palette in
                    UnicodeBreaks.pairDecisions.withUnsafeBufferPointer { pairs in
                        le_simple_words(
                            le_simple_text(count: n, text: text, units: tables.units, palette: palette.baseAddress,
                                           pairs: pairs.baseAddress, advances: tables.advances,
                                           chain: chainAt.pointee.id, latin: latin, han: han),
                            le_simple_buffers(
                                ends: p.ends.baseAddress,
                                kinds: UnsafeMutableRawPointer(p.kinds.baseAddress.unsafelyUnwrapped)
                                    .assumingMemoryBound(to: UInt8.self),
                                fonts: p.fonts.baseAddress,
                                breaks: UnsafeMutableRawPointer(p.breakAfter.baseAddress.unsafelyUnwrapped)
                                    .assumingMemoryBound(to: UInt8.self),
                                scripts: sc, advances: p.advances.baseAddress, adjust: p.breakAdjust.baseAddress,
                                keys: UnsafeMutableRawPointer(keys).assumingMemoryBound(to: le_word_key.self),
                                summaries: UnsafeMutableRawPointer(summaries).assumingMemoryBound(to: le_word_summary.self),
                                found: UnsafeMutableRawPointer(found).assumingMemoryBound(to: UInt8.self)))
                    }
                }
                guard result.taken != 0 else { return false }
                p.hasRightToLeft = false
                p.singleFont = result.used == 0
                finishWords(&p, buf, scripts, chainAt, cache, keys: keys, summaries: summaries, found: found,
                            count: result.words, lookups: result.lookups, hardBreaks: result.hardBreaks != 0)
                return true
            }
        }
        // (Given up: `ends` gets back the room ICU's grapheme ends need, as `classifySimple` leaves it.)
        if !done { p.ends = UnsafeMutableBufferPointer(start: p.ends.baseAddress, count: n + 1) }
        return done
    }
}

extension Preparer {
    /// `body` with room for `n` words' scratch (`WordScratch`): `given` (8-byte aligned, with room
    /// for `n`) when there is one, else temporary memory.
    @inline(__always)
    fileprivate static func withWordScratch(_ n: Int, _ given: UnsafeMutableRawPointer?,
                                            _ body: (UnsafeMutableRawPointer) -> Bool) -> Bool {
        if let given { return body(given) }
        return withUnsafeTemporaryAllocation(byteCount: n * WordScratch.stride, alignment: 8) { body($0.baseAddress.unsafelyUnwrapped) }
    }
}

extension WordTables {
    /// Fills `units` (`le_unit_table`) from the character table, the chain's fonts and uncovered
    /// units, and this chain's advances and traits (already made).
    func makeUnits(fonts: [UInt8], uncovered: [UInt64]) {
        CharacterTable.table.withUnsafeBufferPointer { table in
            CharacterTable.scripts.withUnsafeBufferPointer { palette in
                fonts.withUnsafeBufferPointer { fonts in
                    uncovered.withUnsafeBufferPointer { uncovered in
                        le_unit_table(table.baseAddress, palette.baseAddress, fonts.baseAddress, uncovered.baseAddress,
                                      advances, traits, units)
                    }
                }
            }
        }
    }
}
