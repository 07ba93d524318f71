import LayoutGeometry
import TextLayout

// A flex solver's texts: prepared once, measured at the widths the layout asks for, and where
// their first baselines lie (UIKit's, or Chromium's with `css` baselines).
extension FlexSolver {
    /// Prepares text `n` into its slot if it is not there yet (nothing handed out: a copy of
    /// a prepared text retains its parts, and the slot is read in place).
    mutating func prepareText(_ n: Int) throws(CellLayoutError) {
        let t = props[n].payload
        if textSlots[t].isPrepared { return }
        guard let engine = tree.engine else {
            throw CellLayoutError(path: path(n), message: "a text, but no text engine to measure it")
        }
        do throws(TextLayoutError) {
            // (The engine lent by the tree, not retained: see `FlexTree.engine`.)
            let tree = self.tree
            let p: PreparedText
            do {
                p = try engine._withUnsafeGuaranteedRef { e in
                    if let attributed = tree.texts[t].attributed { return try e.prepare(attributed, style: tree.style(t)) }
                    return try e.prepare(tree.texts[t].text, style: tree.style(t))
                }
            } catch {
                // (`prepare` throws nothing else; the closure's throws are untyped.)
                throw error as? TextLayoutError ?? .invalidParameter(field: "text", value: "", requirement: "\(error)")
            }
            let missing = p.hasMissingCharacters, units = p.utf16Count
            let words = p.lineBreakingMemory, paragraph = p.paragraphMemory
            textSlots[t].wordsMemory = (UInt(bitPattern: words.baseAddress), words.count)
            textSlots[t].paragraphMemory = (UInt(bitPattern: paragraph.baseAddress), paragraph.count)
            if preparedTexts.capacity == 0 { preparedTexts.reserveCapacity(textSlots.count) }
            textSlots[t].preparedAt = Int32(truncatingIfNeeded: preparedTexts.count)
            preparedTexts.append(consume p)
            textSlots[t].hasMissingCharacters = missing
            if missing { anyMissingCharacters = true }
            textUnits += units
        } catch {
            throw CellLayoutError(path: path(n), message: error.description)
        }
    }

    mutating func measureText(_ n: Int, width: Double?) throws(CellLayoutError) -> TextMeasurement {
        let t = props[n].payload
        if width == nil, let known = textSlots[t].natural { return known }
        if !textSlots[t].isPrepared { try prepareText(n) }
        let measured: TextMeasurement
        do throws(TextLayoutError) {
            // Measured in place (`PreparedText.measure(at:)`): a copy of the prepared text would
            // retain its parts. The engine reads 0 as "unlimited"; a text with no room at all
            // gets the least room.
            let at = Int(textSlots[t].preparedAt)
            measured = try preparedTexts.withUnsafeBufferPointer { texts throws(TextLayoutError) in
                try PreparedText.measure(at: texts.baseAddress.unsafelyUnwrapped + at, width: width.map { max($0, 1e-3) })
            }
        } catch {
            throw CellLayoutError(path: path(n), message: error.description)
        }
        if width == nil { textSlots[t].natural = measured }
        return measured
    }

    /// Whether text `n`, laid out in a content box `contentWidth` wide (as `text(_:_:_:)` lays it
    /// out), has a line `.justified` alignment stretches (`PreparedText.hasJustifiedLine`).
    mutating func hasJustifiedLine(_ n: Int, contentWidth: Double) throws(CellLayoutError) -> Bool {
        let t = props[n].payload
        let natural = try maxContentWidth(n)
        guard contentWidth < natural else { return false }  // (unwrapped: every line ends its paragraph)
        if !textSlots[t].isPrepared { try prepareText(n) }
        return preparedTexts[Int(textSlots[t].preparedAt)].hasJustifiedLine(width: max(contentWidth, 1e-3))
    }

    /// Text `n`'s min-content width: its widest grapheme cluster over all its lines — those past
    /// its `numberOfLines` too, as CSS's line clamp sizes a box from all its content (Chromium: "ju"
    /// clamped to one line is as wide as its "u", not its first line's "j"). Not kept: asked for
    /// once per node (`minContentWidth` keeps it).
    mutating func minContentTextWidth(_ n: Int) throws(CellLayoutError) -> Double {
        let t = props[n].payload
        guard tree.style(t).numberOfLines != 0 else { return try measureText(n, width: 1e-3).size.width }
        if !textSlots[t].isPrepared { try prepareText(n) }
        do throws(TextLayoutError) {
            return try preparedTexts[Int(textSlots[t].preparedAt)].measureEveryLine(width: 1e-3).size.width
        } catch {
            throw CellLayoutError(path: path(n), message: error.description)
        }
    }

    mutating func maxContentWidth(_ n: Int) throws(CellLayoutError) -> Double {
        let t = props[n].payload
        if !textSlots[t].maxContent.isNaN { return textSlots[t].maxContent }
        let w = try measureText(n, width: nil).size.width
        textSlots[t].maxContent = w
        return w
    }

    mutating func text(_ n: Int, _ w: Dim, _ h: Dim) throws(CellLayoutError) -> Measured {
        let padH = props[n].padH, padV = props[n].padV
        // The box width: exact, or fit-content (its max-content width, within the room it has).
        var boxWidth: Double
        switch w {
        case .exact(let v): boxWidth = v
        case .atMost(let v):
            let widest = try maxContentWidth(n) + padH
            boxWidth = widest <= v ? widest : min(widest, max(try minContentWidth(n), v))
        case .unbounded: boxWidth = try maxContentWidth(n) + padH
        }
        boxWidth = finish(boxWidth, w, props[n].minWidth, props[n].maxWidth, padding: padH)
        let contentWidth = boxWidth - padH
        let natural = try maxContentWidth(n)
        // At (or past) its max-content width a text is its unwrapped self.
        let measured = try measureText(n, width: contentWidth >= natural ? nil : contentWidth)
        // With `css` baselines the box takes Chromium's line boxes (its text's own rect stays the
        // lines' exact union, as Chromium's client rects are).
        var linesHeight = measured.size.height
        if layout.baselines == .css, measured.lineCount > 0 {
            linesHeight += Double(measured.lineCount) * (try layoutUnitExcess(n))
        }
        let height = finish(linesHeight + padV, h, props[n].minHeight, props[n].maxHeight, padding: padV)
        let hasBaselines = measured.lineCount > 0 && tree.needsBaseline[n]
        return Measured(size: Size(width: boxWidth, height: height),
                        baseline: hasBaselines ? props[n].padTop + (try firstBaseline(n)) : .nan,
                        lastBaseline: hasBaselines ? props[n].padTop + linesHeight - (try lastLineDescent(n)) : .nan,
                        textSize: measured.size)
    }

    /// How far text `n`'s last line box reaches below its baseline: the line's height less its
    /// first baseline (`firstBaseline`), the descent and half the line gap — in Chromium's layout
    /// units with `css` baselines. (Every line of a text is its primary font's height.)
    private mutating func lastLineDescent(_ n: Int) throws(CellLayoutError) -> Double {
        let style = tree.style(props[n].payload)
        let em = try emMetrics(n)
        let natural = (em.ascent + em.descent + em.gap) * style.size
        let line = layout.baselines == .css ? (natural * 64).rounded() / 64 : natural
        return line - (try firstBaseline(n))
    }

    /// With `css` baselines, what each line of text `n` gains in Chromium's layout units: a line
    /// box is a whole number of 1/64 px, its height rounded to the nearest (its primary font's
    /// natural line height, 19.789 pt for DejaVu Sans 17, is 19.797 there: 90 such lines are 0.7
    /// taller than the exact sum). 0 for a line height already in those units.
    private mutating func layoutUnitExcess(_ n: Int) throws(CellLayoutError) -> Double {
        let style = tree.style(props[n].payload)
        let em = try emMetrics(n)
        let natural = (em.ascent + em.descent + em.gap) * style.size
        return (natural * 64).rounded() / 64 - natural
    }

    /// The first line's baseline below the text's top: the primary font's ascent plus half its
    /// line gap (0 for the bundled fonts).
    mutating func firstBaseline(_ n: Int) throws(CellLayoutError) -> Double {
        let style = tree.style(props[n].payload)
        guard layout.textEngine != nil else { return 0 }
        let em = try emMetrics(n)
        let size = style.size
        guard layout.baselines == .css else { return (em.ascent + em.gap / 2) * size }
        // Chromium: ascent and descent rounded, the half-leading of the line rounded down.
        let a = (em.ascent * size).rounded(), d = (em.descent * size).rounded()
        return a + (((em.ascent + em.descent + em.gap) * size - a - d) / 2).rounded(.down)
    }

    /// Text `n`'s primary font's ascent, descent and line gap (0 without `fontLeading`) per
    /// point of size, read once per font.
    private mutating func emMetrics(_ n: Int) throws(CellLayoutError) -> (ascent: Double, descent: Double, gap: Double) {
        let style = tree.style(props[n].payload)
        let key = style.fontLeading ? style.font : "\u{0}" + style.font
        if let known = baselineMetrics[key] { return known }
        guard let engine = layout.textEngine else { return (0, 0, 0) }
        do throws(TextLayoutError) {
            let m = try engine.metrics(of: style.font)
            let em = (ascent: m.ascent(size: 1), descent: m.descent(size: 1), gap: style.fontLeading ? m.leading(size: 1) : 0)
            baselineMetrics[key] = em
            return em
        } catch {
            throw CellLayoutError(path: path(n), message: error.description)
        }
    }
}
