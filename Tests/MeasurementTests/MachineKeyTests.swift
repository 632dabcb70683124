import Measurement
import Testing

@Suite struct MachineKeyTests {
    /// The start of `/proc/cpuinfo` on two KVM guests that both call their CPU "AMD EPYC".
    static func cpuinfo(family: Int, model: Int) -> String {
        """
        processor\t: 0
        vendor_id\t: AuthenticAMD
        cpu family\t: \(family)
        model\t\t: \(model)
        model name\t: AMD EPYC
        flags\t\t: fpu sse2 avx2

        processor\t: 1
        vendor_id\t: AuthenticAMD
        cpu family\t: 99
        model\t\t: 99

        """
    }

    @Test("CPUs that KVM names alike get different keys by family and model")
    func familyAndModel() {
        let zen3 = MachineKey(cpuinfo: Self.cpuinfo(family: 25, model: 1), cores: 2, simdLevel: "avx2")
        let zen5 = MachineKey(cpuinfo: Self.cpuinfo(family: 26, model: 2), cores: 2, simdLevel: "avx512")
        #expect(zen3.description == "AuthenticAMD family 25 model 1, 2 cores, simd avx2")
        #expect(zen5.description == "AuthenticAMD family 26 model 2, 2 cores, simd avx512")
        #expect(zen3 != zen5)
    }

    @Test("'model' is not 'model name', and only the first processor counts")
    func exactFields() {
        let fields = CPUInfo(Self.cpuinfo(family: 25, model: 1))
        #expect(fields["model"] == "1")
        #expect(fields["model name"] == "AMD EPYC")
        #expect(fields["cpu family"] == "25")
    }

    @Test("ARM fields, and unknown when there is nothing")
    func otherMachines() {
        let arm = MachineKey(
            cpuinfo: "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU part\t: 0xd0c\n",
            cores: 4, simdLevel: "baseline")
        #expect(arm.description == "implementer 0x41 family 8 model 0xd0c, 4 cores, simd baseline")
        #expect(
            MachineKey(cpuinfo: "", cores: 1, simdLevel: "baseline").description
                == "unknown family unknown model unknown, 1 cores, simd baseline")
    }
}
