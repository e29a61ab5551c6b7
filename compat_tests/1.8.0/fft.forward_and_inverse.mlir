module {
  func.func @main(%arg0: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) {
    %0 = shlo.fft %arg0 {fft_length = array<i64: 4>, fft_type = #shlo.fft_type<FFT>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
    %1 = shlo.fft %0 {fft_length = array<i64: 4>, fft_type = #shlo.fft_type<IFFT>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
    return %0, %1 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
  }
}
