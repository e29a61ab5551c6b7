// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<[1403290147000006554, 9101204169907163322, 2299278128866691026, 2433579685855334437, 262943087284273053, 14650571639660440219]> : tensor<6xui64>} : () -> tensor<6xui64>
  %c2 = shlo.constant {value = dense<[950255353037058616, 7079118938930462496, 4420748614276742009, 3645450073969719918, 1188981676138173976, 8923809130981003547]> : tensor<6xui64>} : () -> tensor<6xui64>
  %c3 = shlo.constant {value = dense<[16859848710221736481, 12700875905464933938, 8641707724894270720, 2914929862366878792, 5568516189172051705, 17170561760939090902]> : tensor<6xui64>} : () -> tensor<6xui64>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<6xui64>, tensor<6xui64>, tensor<6xui64>) -> tensor<6xui64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1403290147000006554, 9101204169907163322, 4420748614276742009, 2914929862366878792, 1188981676138173976, 14650571639660440219]> : tensor<6xui64>}} : (tensor<6xui64>) -> ()
  func.return
}
