import LayoutGeometry

/// Stacks, continued: where justification puts a line's items, a container's inner size, and
/// flexible lengths (css-flexbox-1 §9.7).
extension FlexSolver {
    /// Where a line's first item starts along the main axis and what lies between two items, for
    /// `free` room left on a line of `count` items `gap` apart.
    @inline(__always)
    static func justification(_ justify: CellJustification, free: Double, count n: Int, gap: Double) -> (offset: Double, between: Double) {
        let count = Double(n)
        var offset = 0.0, between = gap
        switch justify {
        case .start: break
        case .center: offset = free / 2
        case .end: offset = free
        case .spaceBetween:
            if free > 0, n > 1 { between += free / (count - 1) }
        // Distributed alignment that overflows falls back to *safe* centring (css-align-3 §5.3,
        // as Chromium does): the items start at the start edge. Plain `center` stays unsafe.
        case .spaceAround:
            if free > 0 { offset = free / count / 2; between += free / count }
        case .spaceEvenly:
            if free > 0 { offset = free / (count + 1); between += free / (count + 1) }
        }
        return (offset, between)
    }

    /// A container's inner size along one axis: exact, or its content's size within the room it
    /// has (fit-content), then within its own limits, never less than its padding.
    /// `floor` is the min-content size the room never goes below.
    func inner(_ content: Double, _ room: Dim, outer: Dim, padding: Double, _ lo: Double, _ hi: Double,
               floor: Double = 0) -> Double {
        let size: Double
        switch room {
        case .exact(let v): size = v
        case .atMost(let v): size = min(content, max(floor, v))
        case .unbounded: size = content
        }
        return finish(size + padding, outer, lo, hi, padding: padding) - padding
    }

    /// css-flexbox-1 §9.7: grow or shrink the items of one line to fill `innerMain`, freezing
    /// items that hit their min or max and distributing again.
    func resolveFlexibleLengths(_ items: UnsafeMutableBufferPointer<Item>, _ line: Range<Int>, innerMain: Double, gap: Double) {
        // (The items' custom spacings count with the gaps: room that is not theirs to flex.)
        var gaps = gap * Double(max(0, line.count - 1))
        for i in line { gaps += items[i].after }
        var sumHypo = 0.0
        for i in line { sumHypo += items[i].hypo }
        let growing = sumHypo + gaps < innerMain
        var anyFlexible = false
        for i in line {
            items[i].main = items[i].hypo
            let factor = growing ? items[i].grow : items[i].shrink
            items[i].frozen = factor == 0 || (growing && items[i].base > items[i].hypo) || (!growing && items[i].base < items[i].hypo)
                || sumHypo + gaps == innerMain
            if !items[i].frozen { anyFlexible = true }
        }
        guard anyFlexible else { return }
        func remaining() -> Double {
            var sum = innerMain - gaps
            for i in line { sum -= items[i].frozen ? items[i].main : items[i].base }
            return sum
        }
        let initialFree = remaining()
        for _ in 0..<(line.count + 1) {
            var factorSum = 0.0, scaledSum = 0.0, unfrozen = 0
            for i in line where !items[i].frozen {
                unfrozen += 1
                factorSum += growing ? items[i].grow : items[i].shrink
                scaledSum += items[i].shrink * max(0, items[i].base - items[i].padMain)
            }
            if unfrozen == 0 { break }
            var free = remaining()
            if factorSum < 1 {
                let scaled = initialFree * factorSum
                if abs(scaled) < abs(free) { free = scaled }
            }
            var totalViolation = 0.0
            for i in line where !items[i].frozen {
                let target: Double
                if growing {
                    target = items[i].base + (factorSum > 0 ? free * items[i].grow / factorSum : 0)
                } else {
                    let share = scaledSum > 0 ? items[i].shrink * max(0, items[i].base - items[i].padMain) / scaledSum : 0
                    target = items[i].base - abs(free) * share
                }
                let clamped = max(items[i].minMain, min(target, items[i].maxMain))
                totalViolation += clamped - target
                // Keep the violation's sign in `cross` until the freeze below (reset in step 5).
                items[i].cross = clamped - target
                items[i].main = clamped
            }
            if abs(totalViolation) < 1e-9 {
                for i in line where !items[i].frozen { items[i].frozen = true }
            } else {
                for i in line where !items[i].frozen {
                    let v = items[i].cross
                    if (totalViolation > 0 && v > 0) || (totalViolation < 0 && v < 0) { items[i].frozen = true }
                }
            }
        }
    }
}
