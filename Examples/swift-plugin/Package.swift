// swift-tools-version: 6.0
// A FrameBench plug-in written in Swift: a dynamic library exporting
// framebench_plugin_v1 through @_cdecl. Build: swift build -c release;
// check: bench check --plugin .build/release/libSwiftScalarPlugin.so.
import PackageDescription

let package = Package(
    name: "SwiftScalarPlugin",
    products: [
        .library(name: "SwiftScalarPlugin", type: .dynamic, targets: ["SwiftScalarPlugin"])
    ],
    targets: [
        // FrameBench's header (Sources/CFrameBenchPlugin of the repository), through a module map.
        .systemLibrary(name: "CFrameBenchPlugin"),
        .target(name: "SwiftScalarPlugin", dependencies: ["CFrameBenchPlugin"]),
    ],
    swiftLanguageModes: [.v6]
)
