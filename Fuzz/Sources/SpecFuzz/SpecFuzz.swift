import LayoutEngine

/// One fuzz input: its bytes decoded as a JSON spec and as a YAML spec; a spec that decodes is
/// computed (limits kept small so that one input stays fast). Errors are answers; only a crash,
/// a sanitizer report or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for format in [SpecFormat.json, .yaml] {
        guard let document = try? LayoutSpec.decode(bytes, format: format) else { continue }
        if elementCount(document.spec) <= 2_000 {
            _ = try? FuzzLayouter.value.compute(document.spec, options: ComputeOptions(detail: .full))
        }
    }
    return 0
}

enum FuzzLayouter {
    static let value = Layouter()
}

/// Rows or items the spec generates at its top level (nested ones are bounded by the decoder).
func elementCount(_ spec: LayoutSpec) -> Int {
    switch spec {
    case .table(let t): return t.sections.reduce(0) { $0 + $1.rows.count * $1.repeatCount }
    case .grid(let g): return g.sections.reduce(0) { $0 + $1.items.count * $1.repeatCount }
    }
}

/// libFuzzer's driver, called from this executable's entry point (SwiftPM names the entry point
/// `SpecFuzz_main` and makes `main` an alias of it, so libFuzzer's own `main` is not linked).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("SpecFuzz_main")
public func specFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzz(data, size) }
}
